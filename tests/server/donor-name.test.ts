// A certificate names its donor by name, never by e-mail address: a guest gives a name with the
// donation (kept on the order), a signed-in donor is named from their account, and a guest who
// gives none is "a kind donor" rather than their address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('the donor on a certificate on %s', (target) => {
  let server: TestServer;
  let teacher: string;

  beforeAll(async () => {
    server = await startServer(target);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
  }, 600_000);
  afterAll(() => server?.close());

  const donate = (json: Record<string, unknown>, token?: string) =>
    server.call('POST', '/api/charities/clean-water-for-schools/donations/', {
      host: GREENFIELD,
      ...(token ? { token } : {}),
      json: { amount_cents: 1500, provider: 'paypal', ...json },
    });
  const order = async (made: { body: { order_id: number; key: string } }) =>
    (await server.call('GET', `/api/orders/${made.body.order_id}/?key=${made.body.key}`, { host: GREENFIELD })).body;

  it('names a guest by the name they gave, and never by their e-mail', async () => {
    const named = await donate({ email: 'gran@example.com', donor_name: '  Grandma Okafor ' });
    expect(named.status).toBe(201);
    expect((await order(named)).buyer).toBe('Grandma Okafor');
    const unnamed = await donate({ email: 'gran@example.com' });
    expect((await order(unnamed)).buyer).toBeNull();
    expect((await donate({ email: 'gran@example.com', donor_name: 'x'.repeat(101) })).status).toBe(400);
  });

  it('names a signed-in donor from their account, whatever name is sent', async () => {
    const made = await donate({ donor_name: 'Someone Else' }, teacher);
    expect(made.status).toBe(201);
    expect((await order(made)).buyer).toBe('Tom Teacher');
  });
});
