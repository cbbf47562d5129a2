// Wrong community passwords lock the address (and the device) they come from, never every
// parent of the school.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREENFIELD, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('the community password throttle on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  }, 180_000);
  afterAll(() => server.close());

  const community = (password: string, address: string) =>
    server.call('POST', '/api/generic-password-login', { host: GREENFIELD, json: { password }, address });

  it('locks a guessing address, and lets a family at another address in', async () => {
    let locked = false;
    for (let i = 0; i < 150 && !locked; i++) locked = (await community('guess', '198.51.100.7')).status === 429;
    expect(locked).toBe(true);
    const stranger = await community('greenfield-parents', '198.51.100.7');
    expect(stranger.status).toBe(429);
    expect(stranger.headers.get('retry-after')).toBeTruthy();
    const family = await community('greenfield-parents', '203.0.113.40');
    expect(family.status).toBe(200);
    expect(family.body.authenticated).toBe(true);
  }, 120_000);
});
