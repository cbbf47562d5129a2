// A buyer's order through one payment provider, as the payment flow tests drive it: checkout
// with a delivery address, the order as its buyer reads it back, the provider's webhook delivered,
// and the buyer coming back from the provider's page.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payments } from '../../server/db/schema';
import { DELIVERY_ADDRESS, GREENFIELD, type TestServer } from './harness';

export type Provider = 'stripe' | 'paypal' | 'phonepe';

/** `at()` gives the file's server, the buyer's token and the books to buy once its beforeAll has run. */
export function orderFlow(at: () => { server: TestServer; token: string; bookIds: number[] }) {
  return {
    async checkout(provider: Provider) {
      const { server, token, bookIds } = at();
      const res = await server.call('POST', '/api/orders/', {
        host: GREENFIELD,
        token,
        json: { book_ids: bookIds, provider, delivery_address: DELIVERY_ADDRESS },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const body = res.body as { order_id: number; key: string; redirect_url: string };
      const [payment] = await server.database.db.select().from(payments).where(eq(payments.order_id, body.order_id));
      return { ...body, payment: payment! };
    },
    async order(o: { order_id: number; key: string }) {
      const res = await at().server.call('GET', `/api/orders/${o.order_id}/?key=${o.key}`, { host: GREENFIELD });
      return res.body as { status: string; print_status: string };
    },
    deliver: (provider: Provider, hook: { headers: Record<string, string>; rawBody: string }) =>
      at().server.call('POST', `/api/payments/${provider}/webhook/`, { body: hook.rawBody, headers: hook.headers }),
    comeBack: (provider: Provider, query: string) =>
      at().server.call('GET', `/api/payments/${provider}/return/?${query}`, { host: GREENFIELD }),
  };
}
