// Charities and donations on the real API and database: published charities only (by id or
// slug), donations through a provider, what has been raised, and Money I Have Raised.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('charities on %s', (target) => {
  let server: TestServer;
  let teacher: string;

  beforeAll(async () => {
    server = await startServer(target);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
  }, 60_000);
  afterAll(() => server?.close());

  it('opens a published charity by slug or id, and hides drafts and archived ones', async () => {
    const bySlug = await server.call('GET', '/api/charities/books-for-every-child/', { host: GREENFIELD });
    expect(bySlug.status).toBe(200);
    expect((await server.call('GET', `/api/charities/${bySlug.body.id}/`, { host: GREENFIELD })).body.slug).toBe('books-for-every-child');
    for (const hidden of ['story-buses', 'winter-coats-drive', 'no-such-charity']) {
      expect((await server.call('GET', `/api/charities/${hidden}/`, { host: GREENFIELD })).status).toBe(404);
    }
    expect((await server.call('GET', '/api/charities/Bad%20Slug!/')).status).toBe(400);
    const list = await server.call('GET', '/api/charities/');
    expect(list.body.results.map((c: { slug: string }) => c.slug)).not.toContain('story-buses');
  });

  it('takes a donation through a provider and counts it once paid', async () => {
    const before = (await server.call('GET', '/api/charities/clean-water-for-schools/', { host: GREENFIELD })).body;
    const made = await server.call('POST', '/api/charities/clean-water-for-schools/donations/', {
      host: GREENFIELD,
      token: teacher,
      json: { amount_cents: 2500, provider: 'paypal' },
    });
    expect(made.status).toBe(201);
    const press = await server.call('POST', made.body.redirect_url, {
      host: GREENFIELD,
      body: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const back = await server.call('GET', press.headers.get('location')!, { host: GREENFIELD });
    expect(back.headers.get('location')).toMatch(/^\/paypal-payment\/success/);
    const after = (await server.call('GET', '/api/charities/clean-water-for-schools/', { host: GREENFIELD })).body;
    expect(after.raised_cents).toBe(before.raised_cents + 2500);
    const order = await server.call('GET', `/api/orders/${made.body.order_id}/?key=${made.body.key}`, { host: GREENFIELD });
    expect(order.body).toMatchObject({
      kind: 'donation',
      status: 'success',
      print_status: null,
      charity: { slug: 'clean-water-for-schools' },
    });
    const mine = await server.call('GET', '/api/donations/mine/', { host: GREENFIELD, token: teacher });
    expect(mine.body).toMatchObject({
      total_cents: 2500,
      count: 1,
      results: [{ order_id: made.body.order_id, charity: { name: 'Clean Water for Schools' } }],
    });
  });

  it('refuses donations to hidden charities and bad amounts', async () => {
    expect(
      (
        await server.call('POST', '/api/charities/story-buses/donations/', {
          host: GREENFIELD,
          token: teacher,
          json: { amount_cents: 500, provider: 'stripe' },
        })
      ).status,
    ).toBe(404);
    for (const amount_cents of [0, 50, 10.5, 'ten', 1e12]) {
      const res = await server.call('POST', '/api/charities/girls-learn-too/donations/', {
        host: GREENFIELD,
        token: teacher,
        json: { amount_cents, provider: 'stripe' },
      });
      expect(res.status, String(amount_cents)).toBe(400);
    }
    const guest = await server.call('POST', '/api/charities/girls-learn-too/donations/', {
      json: { amount_cents: 500, provider: 'phonepe', email: 'not-an-email' },
    });
    expect(guest.status).toBe(400);
    expect((await server.call('GET', '/api/donations/mine/')).status).toBe(401);
  });
});
