// The registration throttle counts the network address on every host: sending the form to
// another Host header (the platform's other names, any school's site) lifts nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_ADDRESS_LIMIT } from '../../server/domains/auth/rate-limit';
import { GREENFIELD, HILLSIDE, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('registration throttle on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  }, 180_000);
  afterAll(() => server.close());

  let n = 0;
  const register = (address: string, host: string) => {
    n++;
    const form = new FormData();
    const fields = {
      school_name: `Hosts School ${n}`,
      school_email: `office${n}@hosts.example`,
      domain_url: 'https://hosts.example',
      first_name: 'Hal',
      last_name: 'Host',
      primary_color: '#123456',
      primary_color_light: '#3A6EA5',
      primary_color_dark: '#0B2545',
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return server.call('POST', '/api/tenants/create/', { body: form, address, host });
  };

  it('counts one address across every host', async () => {
    const hosts = ['localhost', '127.0.0.1', GREENFIELD, HILLSIDE, 'riverbend.localhost'];
    for (let i = 0; i < REGISTRATION_ADDRESS_LIMIT; i++)
      expect((await register('203.0.113.90', hosts[i % hosts.length]!)).status).toBe(201);
    for (const host of hosts) {
      const refused = await register('203.0.113.90', host);
      expect(refused.status, host).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
    }
    expect((await register('203.0.113.91', GREENFIELD)).status).toBe(201);
  }, 60_000);
});
