// The PhonePe-style sandbox: the result is a base64 JSON `response` with an `X-VERIFY`-style
// checksum, sha256(response + endpoint + salt key) + '###' + salt index, as PhonePe sends it.
import { createHash } from 'node:crypto';
import type { Provider } from './provider';
import { sameSignature, sandboxRefund } from './provider';

const CODE = { approve: 'PAYMENT_SUCCESS', decline: 'PAYMENT_ERROR', cancel: 'PAYMENT_CANCELLED' } as const;
const OUTCOME = { PAYMENT_SUCCESS: 'success', PAYMENT_ERROR: 'failed', PAYMENT_CANCELLED: 'cancelled' } as const;
const ENDPOINT = '/pg/v1/status';
const SALT_INDEX = '1';

interface PhonePeResponse {
  code: string;
  data: { merchantTransactionId: string; amount: number };
}

export function phonepeProvider(key: Buffer): Provider {
  const salt = key.toString('hex');
  const checksum = (response: string) =>
    `${createHash('sha256')
      .update(response + ENDPOINT + salt)
      .digest('hex')}###${SALT_INDEX}`;
  return {
    name: 'phonepe',
    label: 'PhonePe',
    callbackQuery(decision, ref, amountCents) {
      const body: PhonePeResponse = { code: CODE[decision], data: { merchantTransactionId: ref, amount: amountCents } };
      const response = Buffer.from(JSON.stringify(body)).toString('base64');
      return new URLSearchParams({ response, checksum: checksum(response) });
    },
    verify(q) {
      const { response, checksum: given } = q;
      if (!response || !given || !sameSignature(given, checksum(response))) return null;
      let parsed: PhonePeResponse;
      try {
        parsed = JSON.parse(Buffer.from(response, 'base64').toString('utf8')) as PhonePeResponse;
      } catch {
        return null;
      }
      const outcome = OUTCOME[parsed.code as keyof typeof OUTCOME];
      const ref = parsed.data?.merchantTransactionId;
      const amountCents = parsed.data?.amount;
      if (!outcome || typeof ref !== 'string' || !Number.isSafeInteger(amountCents) || amountCents <= 0) return null;
      return { ref, outcome, amountCents };
    },
    refund: sandboxRefund(key, 'PPR'),
  };
}
