// The card (Stripe-style) sandbox: the result comes back with a `t=<time>,v1=<hmac>` signature
// over "<time>.<session>.<status>.<amount>", and is refused once older than five minutes.
import type { Provider } from './provider';
import { cents, hmacHex, sameSignature, sandboxRefund } from './provider';

const STATUS = { approve: 'complete', decline: 'payment_failed', cancel: 'canceled' } as const;
const OUTCOME = { complete: 'success', payment_failed: 'failed', canceled: 'cancelled' } as const;
const TOLERANCE_S = 300;

export function cardProvider(key: Buffer): Provider {
  const sign = (t: string, session: string, status: string, amount: string) => hmacHex(key, `${t}.${session}.${status}.${amount}`);
  return {
    name: 'stripe',
    label: 'Card',
    callbackQuery(decision, ref, amountCents, now) {
      const t = String(Math.floor(now.getTime() / 1000));
      const status = STATUS[decision];
      const amount = String(amountCents);
      return new URLSearchParams({ session_id: ref, status, amount, signature: `t=${t},v1=${sign(t, ref, status, amount)}` });
    },
    verify(q, now) {
      const { session_id, status, amount, signature } = q;
      const amountCents = cents(amount);
      const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(signature ?? '');
      if (!session_id || !status || amountCents === null || !match || !(status in OUTCOME)) return null;
      const [, t, v1] = match;
      if (Math.abs(now.getTime() / 1000 - Number(t)) > TOLERANCE_S) return null;
      if (!sameSignature(v1!, sign(t!, session_id, status, amount!))) return null;
      return { ref: session_id, outcome: OUTCOME[status as keyof typeof OUTCOME], amountCents };
    },
    refund: sandboxRefund(key, 're_'),
  };
}
