// Throttles that hold whatever headers a client sends: student sign-in failures, class-code
// guesses and registrations are counted per network address (the socket's, X-Forwarded-For only
// behind TRUST_PROXY) and per site; one child's typing still never locks out their class.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT, REGISTRATION_ADDRESS_LIMIT, REGISTRATION_SITE_LIMIT, SITE_LIMIT } from '../../server/domains/auth/rate-limit';
import { AUTH_MSG } from '../../src/contract/messages';
import { GREENFIELD, TARGETS, startServer, type TestServer } from './harness';

const minutes = (message: string, n: number) => message.replace('{minutes}', String(n));

describe.each(TARGETS)('network throttles on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());
  // Each test starts after the previous one's windows and locks have passed.
  beforeEach(() => {
    server.clock.now = new Date(server.clock.now.getTime() + 2 * 60 * 60_000);
  });

  const login = (username: string, password: string, address: string, headers: Record<string, string> = {}) =>
    server.call('POST', '/api/auth/token/', { host: GREENFIELD, json: { username, password }, address, headers });
  const roster = (code: string, address: string, headers: Record<string, string> = {}) =>
    server.call('GET', `/api/list-student-in-class/${code}/`, { host: GREENFIELD, address, headers });

  /** `n` failed sign-ins from `address`, each for a different unknown child (no account locks). */
  async function strangerGuesses(address: string, n: number, tag = address) {
    for (let i = 0; i < n; i += 25) {
      const batch = Array.from({ length: Math.min(25, n - i) }, (_, k) => login(`nobody.${tag}.${i + k}`, 'kite-7', address));
      for (const res of await Promise.all(batch)) expect(res.status).toBe(401);
    }
  }

  it('counts failed student sign-ins per address without a device id; other addresses carry on', async () => {
    await strangerGuesses('203.0.113.5', ADDRESS_LIMIT);
    const refused = await login('amara.okafor', 'kite-7', '203.0.113.5');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(minutes(AUTH_MSG.networkLocked, 15));
    expect(refused.headers.get('retry-after')).toBe('900');
    // Naming a device, or claiming another address in a header, lifts nothing.
    expect((await login('amara.okafor', 'kite-7', '203.0.113.5', { 'x-device-id': 'fresh-device-1234' })).status).toBe(429);
    expect((await login('amara.okafor', 'kite-7', '203.0.113.5', { 'x-forwarded-for': '198.51.100.9' })).status).toBe(429);
    expect((await login('amara.okafor', 'kite-7', '203.0.113.6')).status).toBe(200);
    // Staff sign-ins from that address are counted apart: teachers are not locked by it.
    expect((await login('teacher@greenfield.example', 'Teach-demo-1', '203.0.113.5')).status).toBe(200);
    server.clock.now = new Date(server.clock.now.getTime() + 15 * 60_000 + 1000);
    expect((await login('amara.okafor', 'kite-7', '203.0.113.5')).status).toBe(200);
  }, 120_000);

  it('counts an IPv6 client by its /64', async () => {
    await strangerGuesses('2001:db8:5:6::1', ADDRESS_LIMIT / 2, 'v6a');
    await strangerGuesses('2001:db8:5:6:ffff:1:2:3', ADDRESS_LIMIT / 2, 'v6b');
    expect((await login('amara.okafor', 'kite-7', '2001:db8:5:6::abcd')).status).toBe(429);
    expect((await login('amara.okafor', 'kite-7', '2001:db8:5:7::1')).status).toBe(200);
  }, 120_000);

  it('caps the failures on one site from all addresses together', async () => {
    const per = ADDRESS_LIMIT - 1;
    const addresses = Array.from({ length: Math.ceil(SITE_LIMIT / per) }, (_, i) => `198.51.100.${100 + i}`);
    let left = SITE_LIMIT;
    for (const address of addresses) {
      await strangerGuesses(address, Math.min(per, left));
      left -= Math.min(per, left);
    }
    const refused = await login('amara.okafor', 'kite-7', '203.0.113.200');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(minutes(AUTH_MSG.siteLocked, 15));
    // Another school is not affected.
    const hill = await server.call('GET', '/api/list-student-in-class/HILL3/', { host: 'hillside.localhost', address: '203.0.113.200' });
    expect(hill.status).toBe(200);
  }, 240_000);

  it("never lets one child's typing lock the class, with or without a device id", async () => {
    const school = '192.0.2.50';
    for (let i = 0; i < 40; i++) expect([401, 429]).toContain((await login('amara.okafor', 'wrong', school)).status);
    for (let i = 0; i < 40; i++) {
      expect([401, 429]).toContain((await login('amara.okafor', 'wrong', school, { 'x-device-id': 'robins-tablet-1' })).status);
    }
    const locked = await login('amara.okafor', 'kite-7', school);
    expect(locked.body.error).toBe(minutes(AUTH_MSG.studentLocked, 15));
    // Amara's account is locked; her classmates behind the same school address sign in.
    expect((await login('zoe.zhang', 'moon-3', school)).status).toBe(200);
    expect((await login('zoe.zhang', 'moon-3', school, { 'x-device-id': 'robins-tablet-1' })).status).toBe(200);
  });

  it('throttles class-code guesses per address without a device id', async () => {
    for (let i = 0; i < ADDRESS_LIMIT; i += 25) {
      const batch = Array.from({ length: Math.min(25, ADDRESS_LIMIT - i) }, (_, k) => roster(`GUESS${i + k}`, '203.0.113.40'));
      for (const res of await Promise.all(batch)) expect(res.status).toBe(404);
    }
    const refused = await roster('ROBINS4', '203.0.113.40');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(minutes(AUTH_MSG.networkLocked, 15));
    expect((await roster('ROBINS4', '203.0.113.40', { 'x-device-id': 'another-device-99' })).status).toBe(429);
    expect((await roster('ROBINS4', '203.0.113.41')).status).toBe(200);
  }, 120_000);

  describe('registration', () => {
    let n = 0;
    const register = (address: string, headers: Record<string, string> = {}) => {
      n++;
      const form = new FormData();
      const fields = {
        school_name: `Throttle School ${n}`,
        school_email: `office${n}@throttle.example`,
        domain_url: 'https://throttle.example',
        first_name: 'Tia',
        last_name: 'Throttle',
        primary_color: '#123456',
        primary_color_light: '#3A6EA5',
        primary_color_dark: '#0B2545',
      };
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      return server.call('POST', '/api/tenants/create/', { body: form, address, headers });
    };

    it('allows a few an hour per address, with a clear 429, and counts IPv6 by /64', async () => {
      for (let i = 0; i < REGISTRATION_ADDRESS_LIMIT; i++) expect((await register('203.0.113.60')).status).toBe(201);
      const refused = await register('203.0.113.60', { 'x-forwarded-for': '198.51.100.1' });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe(minutes(AUTH_MSG.registrationTooMany, 60));
      expect(refused.headers.get('retry-after')).toBe('3600');
      expect((await register('203.0.113.61')).status).toBe(201);
      server.clock.now = new Date(server.clock.now.getTime() + 60 * 60_000 + 1000);
      expect((await register('203.0.113.60')).status).toBe(201);
    });

    it('believes X-Forwarded-For only as far as TRUST_PROXY says', async () => {
      server.deps.config.trustProxy = 1;
      try {
        const viaProxy = (client: string) => register('10.0.0.1', { 'x-forwarded-for': client });
        for (let i = 0; i < REGISTRATION_ADDRESS_LIMIT; i++) expect((await viaProxy('203.0.113.70')).status).toBe(201);
        expect((await viaProxy('203.0.113.70')).status).toBe(429);
        // A forged entry to the left of what the proxy saw is not believed.
        expect((await viaProxy('198.51.100.3, 203.0.113.70')).status).toBe(429);
        expect((await viaProxy('203.0.113.71')).status).toBe(201);
      } finally {
        server.deps.config.trustProxy = 0;
      }
    });

    it('caps registrations on one site from all addresses', async () => {
      for (let i = 0; i < REGISTRATION_SITE_LIMIT; i++) expect((await register(`198.18.0.${i + 1}`)).status).toBe(201);
      const refused = await register('198.18.1.1');
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe(minutes(AUTH_MSG.registrationBusy, 60));
    }, 120_000);
  });
});
