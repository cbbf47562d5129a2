// The payment provider picker used by checkout and donations: one radio group, three providers.
import { PAYMENT_PROVIDERS, type PaymentProvider } from '@/contract/domain';
import './forms.css';

export const PROVIDER_LABELS: Record<PaymentProvider, { name: string; note: string }> = {
  paypal: { name: 'PayPal', note: 'Pay with your PayPal account' },
  phonepe: { name: 'PhonePe', note: 'Pay with UPI through PhonePe' },
  stripe: { name: 'Card', note: 'Credit or debit card' },
};

export function PaymentChoice({ value, onChange }: { value: PaymentProvider; onChange: (p: PaymentProvider) => void }) {
  return (
    <fieldset className="payment-choice">
      <legend>Pay with</legend>
      {PAYMENT_PROVIDERS.map((p) => (
        <label key={p} className="payment-option">
          <input type="radio" name="provider" value={p} checked={value === p} onChange={() => onChange(p)} />
          <span>
            <strong>{PROVIDER_LABELS[p].name}</strong>
            <span className="payment-note">{PROVIDER_LABELS[p].note}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
