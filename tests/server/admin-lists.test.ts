// Every generated admin list (server/http/admin-list.ts), checked from its declaration: who may
// call it (no token 401, a role outside its list 403), that it pages by 20 with a count, that
// each declared sort and filter is accepted, that bad input is a 400 with a message (the spec's
// date-range words), and that its CSV export answers every matching row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LISTS } from '../../server/http/admin-list';
import { GREENFIELD, RIVERBEND, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('generated admin lists on %s', (target) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startServer(target);
    tokens.upschool_admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    tokens.school_admin = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    tokens.teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    tokens.organization_admin = (await signIn(server, 'org@riverbend.example', 'Org-demo-1', RIVERBEND)).access;
  }, 60_000);
  afterAll(() => server?.close());

  it('declares lists', () => {
    expect(ADMIN_LISTS.length).toBeGreaterThan(0);
  });

  for (const list of ADMIN_LISTS) {
    const roles = list.access.roles as readonly string[];
    // A tenant list is called on the first allowed role's own site (an organization's, or a school's).
    const host = list.access.site !== 'tenant' ? 'localhost' : roles[0] === 'organization_admin' ? RIVERBEND : GREENFIELD;
    describe(`${list.name} (${list.path})`, () => {
      it('refuses callers without a token or with another role', async () => {
        expect((await server.call('GET', `/api${list.path}`, { host })).status).toBe(401);
        for (const role of Object.keys(tokens).filter((r) => !roles.includes(r))) {
          // Staff call from their own site (their tokens belong to it).
          const own = role === 'upschool_admin' ? host : role === 'organization_admin' ? RIVERBEND : GREENFIELD;
          expect((await server.call('GET', `/api${list.path}`, { host: own, token: tokens[role] })).status).toBe(403);
          expect((await server.call('GET', `/api${list.path}export/`, { host: own, token: tokens[role] })).status).toBe(403);
        }
      });

      it('pages by 20 with a count, and takes every declared sort', async () => {
        const token = tokens[roles[0]!];
        const page = await server.call('GET', `/api${list.path}`, { host, token });
        expect(page.status).toBe(200);
        expect(page.body.results.length).toBeLessThanOrEqual(20);
        expect(page.body.count).toBeGreaterThanOrEqual(page.body.results.length);
        for (const sort of list.sorts) {
          for (const ordering of [sort, `-${sort}`]) {
            expect((await server.call('GET', `/api${list.path}?ordering=${ordering}&limit=5`, { host, token })).status).toBe(200);
          }
        }
        const bad = await server.call('GET', `/api${list.path}?ordering=nope`, { host, token });
        expect(bad.status).toBe(400);
      });

      it('filters by date and refuses a from date after the to date with the spec words', async () => {
        const token = tokens[roles[0]!];
        const none = await server.call('GET', `/api${list.path}?date_from=2000-01-01&date_to=2000-01-02`, { host, token });
        expect(none.body).toMatchObject({ count: 0, results: [] });
        const wrong = await server.call('GET', `/api${list.path}?date_from=2020-02-01&date_to=2020-01-01`, { host, token });
        expect(wrong.status).toBe(400);
        expect(JSON.stringify(wrong.body)).toContain('The from date cannot be after the to date.');
        expect((await server.call('GET', `/api${list.path}?limit=1000`, { host, token })).status).toBe(400);
        expect((await server.call('GET', `/api${list.path}?search=${'x'.repeat(101)}`, { host, token })).status).toBe(400);
      });

      it('exports every matching row as CSV', async () => {
        const token = tokens[roles[0]!];
        const page = await server.call('GET', `/api${list.path}?limit=1`, { host, token });
        const csv = await server.call('GET', `/api${list.path}export/`, { host, token });
        expect(csv.status).toBe(200);
        expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
        const lines = String(csv.body).trim().split('\r\n');
        expect(lines.length - 1).toBe(page.body.count);
      });
    });
  }
});
