// The tenant and role matrix, generated from openapi/openapi.json: every operation, called by
// every kind of caller of tenant B (Hillside) on B's own site with the ids and codes of tenant A
// (Greenfield), never reads or changes anything of A. Every answer is searched for A's
// identifying values (names, usernames, e-mails, class codes and names, story titles, login-card
// passwords) and A's rows (every table with a tenant_id, and every table with a user_id of A's
// users) are compared before and after. Also: A's tokens are refused on B's site, and an
// operation whose access note leaves a role out answers 401 or 403 to that role.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, allows, callerHeaders, deref, signInEveryone, type Caller, type JsonSchema, type Operation } from './contract';
import { GREENFIELD, HILLSIDE, TARGETS, startServer, type TestServer } from './harness';

/** The kinds of A's ids an integer slot is filled with, one kind per request. */
const KINDS = ['student', 'class', 'story', 'pin', 'order'] as const;
type Kind = (typeof KINDS)[number];

interface TenantA {
  id: number;
  ids: Record<Kind, number[]>;
  codes: string[];
  slugs: string[];
  /** Values that identify A's people and things: none may appear in an answer to B. */
  secrets: string[];
}

/** Tables holding nobody's data in particular, or sessions their holder may end from anywhere. */
const NOT_SNAPSHOT = new Set(['rate_limits', 'community_sessions', 'idempotency_keys', 'app_meta']);

async function rows(server: TestServer, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const res = (await server.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows;
}

async function collectTenantA(server: TestServer): Promise<TenantA> {
  const [tenant] = await rows(server, sql`select id from tenants where subdomain = 'greenfield'`);
  const [other] = await rows(server, sql`select id from tenants where subdomain = 'hillside'`);
  const a = Number(tenant!.id);
  const b = Number(other!.id);
  const ids = async (q: ReturnType<typeof sql>) => (await rows(server, q)).map((r) => Number(r.id));
  const theirs = new Set(
    (
      await rows(
        server,
        sql`select first_name || ' ' || last_name as v from users where tenant_id = ${b} union select username from users where tenant_id = ${b} and username is not null union select title from stories where tenant_id = ${b} union select author from books union select title from books`,
      )
    ).map((r) => String(r.v)),
  );
  const people = await rows(server, sql`select first_name || ' ' || last_name as name, username, email from users where tenant_id = ${a}`);
  const things = await rows(server, sql`select class_id as code, name from classes where tenant_id = ${a}`);
  const titles = await rows(server, sql`select title from stories where tenant_id = ${a}`);
  const secrets = [
    ...people.flatMap((p) => [p.name, p.username, p.email]),
    ...things.flatMap((t) => [t.code, t.name]),
    ...titles.map((t) => t.title),
    'greenfield.example',
    'kite-7',
    'moon-3',
  ]
    .filter((v): v is string => typeof v === 'string' && v.length >= 5 && !theirs.has(v))
    .filter((v, i, all) => all.indexOf(v) === i);
  return {
    id: a,
    ids: {
      student: await ids(sql`select user_id as id from students where tenant_id = ${a} order by user_id limit 3`),
      class: await ids(sql`select id from classes where tenant_id = ${a} order by id`),
      story: await ids(sql`select id from stories where tenant_id = ${a} order by id limit 3`),
      pin: await ids(sql`select id from pins where tenant_id = ${a} order by id limit 3`),
      order: await ids(sql`select id from orders where tenant_id = ${a} order by id limit 3`),
    },
    codes: things.map((t) => String(t.code)),
    slugs: (await rows(server, sql`select slug from charities where tenant_id = ${a}`)).map((r) => String(r.slug)),
    secrets,
  };
}

/** A's rows in every table that is A's (by tenant_id, or by user_id of A's users). */
async function snapshot(server: TestServer, a: number): Promise<string> {
  const columns = await rows(
    server,
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and column_name in ('tenant_id', 'user_id') order by table_name, column_name`,
  );
  const byTable = new Map<string, Set<string>>();
  for (const c of columns) {
    const table = String(c.table_name);
    if (!NOT_SNAPSHOT.has(table)) (byTable.get(table) ?? byTable.set(table, new Set()).get(table)!).add(String(c.column_name));
  }
  const out: Record<string, unknown> = {
    tenants: await rows(server, sql`select * from tenants where id = ${a}`),
  };
  for (const [table, cols] of byTable) {
    const where = cols.has('tenant_id') ? sql`tenant_id = ${a}` : sql`user_id in (select id from users where tenant_id = ${a})`;
    out[table] = await rows(server, sql`select * from ${sql.identifier(table)} where ${where} order by 1, 2`);
  }
  return JSON.stringify(out);
}

/** A value for a schema in which every id is one of A's ids of `kind` and every code is A's. */
function fill(input: JsonSchema, name: string, kind: Kind, a: TenantA): unknown {
  const schema = deref(input);
  const id = a.ids[kind][0] ?? a.ids.student[0]!;
  if (schema.enum) return (schema.enum as unknown[]).includes(kind) ? kind : schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return /amount|cents/.test(name) ? 500 : /owner/.test(name) ? undefined : id;
    case 'boolean':
      return true;
    case 'array':
      return [
        fill(schema.items ?? {}, name, kind, a),
        ...(a.ids[kind].slice(1, 2).length && deref(schema.items ?? {}).type === 'integer' ? a.ids[kind].slice(1, 2) : []),
      ];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
        out[key] = fill(prop, key, kind, a);
      return out;
    }
    case 'string':
      if (/code/i.test(name)) return a.codes[0];
      if (/email|username/.test(name)) return 'teacher@greenfield.example';
      if (/password/.test(name)) return 'Teach-demo-1';
      if (/charity|slug/.test(name)) return a.slugs[0] ?? 'x';
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (schema.pattern === '^#[0-9A-Fa-f]{6}$') return '#123456';
      return 'Matrix';
    default:
      return id;
  }
}

/** The URL of `op` with A's values of `kind` in its path and query. */
function urlFor(op: Operation, kind: Kind, a: TenantA): string {
  let path = op.path;
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const value = /code/i.test(p.name)
      ? a.codes[0]!
      : /charity/.test(p.name)
        ? (a.slugs[0] ?? 'x')
        : String(fill(p.schema, p.name, kind, a));
    path = path.replace(`{${p.name}}`, encodeURIComponent(value));
  }
  const query = op.parameters
    .filter((p) => p.in === 'query' && /id|search|key/.test(p.name))
    .map((p) => `${p.name}=${encodeURIComponent(p.name === 'search' ? 'Okafor' : String(fill(p.schema, p.name, kind, a)))}`);
  return `/api${path}${query.length ? `?${query.join('&')}` : ''}`;
}

function bodyFor(op: Operation, kind: Kind, a: TenantA, caller: Caller): { json?: unknown; body?: FormData } {
  if (!op.body) return {};
  if (op.body.type === 'multipart/form-data') {
    const form = new FormData();
    for (const [key, prop] of Object.entries((op.body.schema.properties ?? {}) as Record<string, JsonSchema>)) {
      if (prop.format === 'binary')
        form.append(key, new Blob(['first_name,last_name\nMatrix,Child\n'], { type: 'text/csv' }), 'roster.csv');
      else form.append(key, String(fill(prop, key, kind, a)));
    }
    return { body: form };
  }
  if (op.path === '/outbox/batch/') {
    // Every outbox route, aimed at A's rows, in one batch sent by B's caller as themselves.
    const entries = OPERATIONS.filter((o) => o.outbox).map((o, i) => ({
      key: `matrix-${kind}-${caller.name}-${i}`.replace(/[^A-Za-z0-9_-]/g, '-'),
      method: o.method,
      path: urlFor(o, kind, a).slice('/api'.length),
      body: o.body ? fill(o.body.schema, '', kind, a) : undefined,
    }));
    return { json: { owner: caller.userId ?? 1, entries } };
  }
  return { json: fill(op.body.schema, '', kind, a) };
}

/**
 * The platform's own administration (operations only upschool_admin may call: tenants, every
 * user, every order) spans every tenant by design (platform super-admins manage every tenant,
 * its users and its orders), so the platform admin is not a stranger to tenant A there. Every
 * other caller still is, and every other operation still scopes the platform admin to the site.
 */
const platformAdministration = (op: Operation) => Array.isArray(op.roles) && op.roles.length === 1 && op.roles[0] === 'upschool_admin';

describe.each(TARGETS)('tenant and role matrix on %s', (target) => {
  let server: TestServer;
  let callers: Caller[];
  let a: TenantA;
  /** Tenant B's callers on B's site; A's parent cookie and the platform admin are tried there too. */
  let strangers: Caller[];
  let before: string;
  const statuses: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer(target);
    callers = await signInEveryone(server);
    a = await collectTenantA(server);
    // A's orders: a parent of A buys a book, so the matrix has an order of A to aim at.
    const order = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      json: { book_ids: [31], provider: 'stripe', email: 'buyer@greenfield.example' },
    });
    if (order.status < 300 && order.body?.id) a.ids.order.push(Number(order.body.id));
    const hillParent = await server.call('POST', '/api/generic-password-login', { host: HILLSIDE, json: { password: 'hillside-parents' } });
    const cookie = /community_session=([^;]+)/.exec(hillParent.headers.get('set-cookie') ?? '')?.[1];
    const byName = (n: string) => callers.find((c) => c.name === n)!;
    strangers = [
      { name: 'hillside anonymous', role: null, host: HILLSIDE },
      ...(cookie ? [{ name: 'hillside parent', role: null, host: HILLSIDE, cookie: `community_session=${cookie}` }] : []),
      byName('hillside_student'),
      byName('hillside_teacher'),
      { ...byName('upschool_admin'), name: 'platform admin on hillside', host: HILLSIDE },
      { ...byName('parent'), name: "greenfield parent's cookie on hillside", host: HILLSIDE },
    ];
    before = await snapshot(server, a.id);
  });
  afterAll(async () => {
    console.log(JSON.stringify({ matrix: { target, statuses } }));
    await server.close();
  });

  it('collected real rows of tenant A to aim at', () => {
    expect(a.ids.student.length).toBeGreaterThan(0);
    expect(a.ids.class.length).toBeGreaterThan(0);
    expect(a.secrets).toContain('teacher@greenfield.example');
    expect(a.secrets).toContain('ROBINS4');
  });

  it.each(OPERATIONS.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s as tenant B with tenant A's ids reads and changes nothing of A",
    async (_name, op) => {
      const leaks: string[] = [];
      for (const caller of strangers.filter((c) => !(c.role === 'upschool_admin' && platformAdministration(op)))) {
        for (const kind of KINDS) {
          const url = urlFor(op, kind, a);
          const payload = op.method === 'GET' ? {} : bodyFor(op, kind, a, caller);
          const sent = `${url} ${JSON.stringify(payload.json ?? '')}`;
          const res = await server.call(op.method, url, {
            host: caller.host,
            token: caller.token,
            headers: callerHeaders(caller),
            ...payload,
          });
          expect(res.status, `${op.method} ${url} as ${caller.name}`).toBeLessThan(500);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          const text = JSON.stringify(res.body);
          // What the caller sent may be echoed back (a 404 naming the code they typed); nothing else of A.
          const found = a.secrets.filter((s) => text.includes(s) && !sent.includes(s));
          if (found.length)
            leaks.push(`${res.status} ${op.method} ${url} as ${caller.name} (${kind}) shows ${found.slice(0, 3).join(', ')}`);
        }
      }
      expect(leaks).toEqual([]);
    },
    120_000,
  );

  it('left every row of tenant A as it was', async () => {
    expect(await snapshot(server, a.id)).toBe(before);
  });

  it.each(OPERATIONS.filter((op) => op.roles !== 'anyone').map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s refuses tenant A's tokens on tenant B's site, and the roles its access note leaves out",
    async (_name, op) => {
      for (const caller of callers.filter((c) => c.token && c.host === GREENFIELD)) {
        const res = await server.call(op.method, urlFor(op, 'student', a), {
          host: HILLSIDE,
          token: caller.token,
          ...(op.method === 'GET' ? {} : bodyFor(op, 'student', a, caller)),
        });
        expect(res.status, `${caller.name}'s token on hillside`).toBe(401);
      }
      for (const caller of callers.filter((c) => !allows(op, c.role))) {
        // The platform admin may sign in anywhere: ask it on a school site, where the route exists.
        const host = op.tenantOnly && caller.host === 'localhost' ? GREENFIELD : caller.host;
        const res = await server.call(op.method, urlFor(op, 'student', a), {
          host,
          token: caller.token,
          headers: callerHeaders(caller),
          ...(op.method === 'GET' ? {} : bodyFor(op, 'student', a, caller)),
        });
        expect(
          [401, 403],
          `${caller.name} (${caller.role ?? 'no role'}) on ${host}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        ).toContain(res.status);
        expect(res.body?.message).toBeTruthy();
      }
    },
  );

  it("refuses a Hillside token on Greenfield's site for every operation", async () => {
    const hill = callers.find((c) => c.name === 'hillside_teacher')!;
    // The probes that answer on any host before the tenant is known (health, and the reverse
    // proxy's certificate question) hold nothing of a school's.
    for (const op of OPERATIONS.filter((o) => !['/health', '/ready', '/tls/allowed'].includes(o.path))) {
      const res = await server.call(op.method, urlFor(op, 'student', a), {
        host: GREENFIELD,
        token: hill.token,
        ...(op.method === 'GET' ? {} : bodyFor(op, 'student', a, hill)),
      });
      expect(res.status, `${op.method} ${op.path}`).toBe(401);
    }
  });
});
