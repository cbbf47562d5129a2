// The payment provider picker used by checkout and donations: one radio group of the providers
// this site offers (the server says which: only those whose keys are set, or the sandbox's).
// With none, it says so in words and the form has nothing to pay with.
import { Trans } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { useState } from 'react';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '@/contract/domain';
import './forms.css';

// Marked for the catalogues (the English text is the id), shown through useKnown.
/* eslint-disable lingui/no-unlocalized-strings -- marked for the catalogues (the i18n comments), shown through useKnown */
export const PROVIDER_LABELS: Record<PaymentProvider, { name: string; note: string }> = {
  paypal: { name: 'PayPal', note: /*i18n*/ 'Pay with your PayPal account' },
  phonepe: { name: 'PhonePe', note: /*i18n*/ 'Pay with UPI through PhonePe' },
  stripe: { name: /*i18n*/ 'Card', note: /*i18n*/ 'Credit or debit card' },
};

export const NO_PROVIDER_TEXT = /*i18n*/ 'Payments are not set up on this site yet, so nothing can be paid here for now.';
/* eslint-enable lingui/no-unlocalized-strings */

/** The providers to offer: the site's list when known, else all (the server refuses the others). */
export const offeredProviders = (site?: { providers: PaymentProvider[] }): readonly PaymentProvider[] =>
  site ? PAYMENT_PROVIDERS.filter((p) => site.providers.includes(p)) : PAYMENT_PROVIDERS;

/** The chosen provider, kept among the offered ones (undefined when none is offered). */
export function useProviderChoice(offered: readonly PaymentProvider[], preferred: PaymentProvider) {
  const [chosen, choose] = useState<PaymentProvider>(preferred);
  return [offered.includes(chosen) ? chosen : offered[0], choose] as const;
}

export function PaymentChoice({
  value,
  onChange,
  offered = PAYMENT_PROVIDERS,
}: {
  value: PaymentProvider | undefined;
  onChange: (p: PaymentProvider) => void;
  offered?: readonly PaymentProvider[];
}) {
  const known = useKnown();
  if (!offered.length)
    return (
      <p className="payment-none" role="status">
        {known(NO_PROVIDER_TEXT)}
      </p>
    );
  return (
    <fieldset className="payment-choice">
      <legend>
        <Trans>Pay with</Trans>
      </legend>
      {offered.map((p) => (
        <label key={p} className="payment-option">
          <input type="radio" name="provider" value={p} checked={value === p} onChange={() => onChange(p)} />
          <span>
            <strong>{known(PROVIDER_LABELS[p].name)}</strong>
            <span className="payment-note">{known(PROVIDER_LABELS[p].note)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
