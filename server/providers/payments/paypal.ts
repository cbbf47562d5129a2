// The PayPal-style sandbox: the buyer comes back with `token` (our reference), a status word
// and the amount, signed with the provider's key (as PayPal's capture confirms the order).
import type { Provider } from './provider';
import { cents, hmacHex, sameSignature, sandboxRefund } from './provider';

const STATUS = { approve: 'COMPLETED', decline: 'DECLINED', cancel: 'CANCELLED' } as const;
const OUTCOME = { COMPLETED: 'success', DECLINED: 'failed', CANCELLED: 'cancelled' } as const;

export function paypalProvider(key: Buffer): Provider {
  const sign = (token: string, status: string, amount: string) => hmacHex(key, `${token}|${status}|${amount}`);
  return {
    name: 'paypal',
    label: 'PayPal',
    callbackQuery(decision, ref, amountCents) {
      const status = STATUS[decision];
      const amount = String(amountCents);
      return new URLSearchParams({ token: ref, status, amount, sig: sign(ref, status, amount) });
    },
    verify(q) {
      const { token, status, amount, sig } = q;
      const amountCents = cents(amount);
      if (!token || !status || !sig || amountCents === null || !(status in OUTCOME)) return null;
      if (!sameSignature(sig, sign(token, status, amount!))) return null;
      return { ref: token, outcome: OUTCOME[status as keyof typeof OUTCOME], amountCents };
    },
    refund: sandboxRefund(key, 'RF-'),
  };
}
