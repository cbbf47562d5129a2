// A refund recorded against the provider, on one order's detail (orders?id=): the amount (empty:
// whatever is left of the payment) and a reason, checked with RefundForm of src/contract (the
// server checks the same schema and never refunds more than was paid). Sent through the outbox
// (POST /api-super-admin/payments/{id}/refund/, applied once per key); the order then shows what
// was refunded, and donations count only the rest.
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { components } from '@/api/schema';
import { REFUND_MSG, RefundForm, fromCents } from '@/contract/charity-admin';
import { sayOutcome } from '@/ui/admin/outcome';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatPrice } from '@/ui/format';

type Payment = components['schemas']['AdminPayment'];
type Values = { amount: string; reason: string };

export function RefundPanel({ payment, onDone }: { payment: Payment; onDone: () => void }) {
  const id = useId();
  const left = payment.amount_cents - payment.refunded_cents;
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    resolver: zodResolver(RefundForm as never, undefined, { raw: true }) as never,
    defaultValues: { amount: '', reason: '' },
    mode: 'onTouched',
  });
  if (payment.status !== 'success' || left <= 0) return null;
  const error = formState.errors.amount?.message ?? formState.errors.reason?.message;
  const { provider, provider_ref: reference } = payment;
  const most = formatPrice(left, payment.currency);
  const whole = fromCents(left);
  const onSubmit = handleSubmit(async (values) => {
    const body: Record<string, string> = {};
    if (values.amount.trim()) body.amount = values.amount.trim();
    if (values.reason.trim()) body.reason = values.reason.trim();
    const outcome = await queueAdminWrite({
      resource: 'payments',
      ids: [payment.id],
      patch: {},
      kind: 'admin-refund',
      label: t`Refund payment ${reference}`,
      method: 'POST',
      path: `/api-super-admin/payments/${payment.id}/refund/`,
      body,
    });
    if (sayOutcome(outcome, REFUND_MSG.done, REFUND_MSG.failed)) {
      reset();
      onDone();
    }
  });
  return (
    <form className="admin-refund" noValidate aria-labelledby={`${id}-title`} onSubmit={(e) => void onSubmit(e)}>
      <p id={`${id}-title`} className="admin-refund-title">
        <Trans>
          Refund {provider} {reference} (up to {most})
        </Trans>
      </p>
      <div className="admin-field">
        <label htmlFor={`${id}-amount`}>
          <Trans>Amount (empty: {whole})</Trans>
        </label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={formState.errors.amount ? true : undefined}
          {...register('amount')}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-reason`}>
          <Trans>Reason (optional)</Trans>
        </label>
        <input id={`${id}-reason`} autoComplete="off" {...register('reason')} />
      </div>
      {error ? (
        <span className="admin-error" role="alert">
          {error}
        </span>
      ) : null}
      <button type="submit" className="button button-small" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t`Recording…` : t`Record refund`}
      </button>
    </form>
  );
}
