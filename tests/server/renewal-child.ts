// The renewal job in a process of its own, for renewal-crash.test.ts: it opens the database
// (DATABASE_URL, else PGlite in DATA_DIR) and runs one pass at NOW, charging saved cards through
// an adapter whose provider is the test's stand-in on CHARGE_PORT (it charges once per
// Idempotency-Key). With STOP_AFTER_CHARGE=1 it says "charged" once the provider has answered and
// then waits, before writing anything, for the test to SIGKILL it.
import { request } from 'node:http';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { deriveKeys } from '../../server/lib/crypto';
import { renewalCharge } from '../../server/domains/commerce/gateway';
import { runRenewals } from '../../server/domains/commerce/subscriptions';
import type { PaymentAdapter } from '../../server/providers/payments/adapter';

const env = process.env;

function charge(body: object, key: string): Promise<{ id: string; status: 'success' | 'failed' }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: Number(env.CHARGE_PORT), method: 'POST', path: '/v1/charges', headers: { 'idempotency-key': key } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(JSON.parse(text) as { id: string; status: 'success' | 'failed' }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const unused = () => Promise.reject(new Error('not used by renewals'));
const stripe: PaymentAdapter = {
  name: 'stripe',
  label: 'Card',
  create: unused,
  status: unused,
  verifyWebhook: unused,
  refund: unused,
  async chargeSaved(c) {
    const charged = await charge({ mandate: c.mandate, amount: c.amountCents, currency: c.currency }, c.idempotencyKey);
    if (env.STOP_AFTER_CHARGE === '1') {
      process.stdout.write('charged\n');
      await new Promise(() => {}); // killed here, between the charge and its record
    }
    return { providerRef: charged.id, state: charged.status };
  },
};

const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
const config = loadConfig({ SECRET_KEY: 'renewal-child', DATA_DIR: env.DATA_DIR, PAYMENTS_SANDBOX: '0' });
const counts = await runRenewals(
  database.db,
  new Date(env.NOW!),
  renewalCharge({ config, keys: deriveKeys('renewal-child'), paymentAdapters: { stripe } }),
);
process.stdout.write(`${JSON.stringify(counts)}\n`);
await database.close();
