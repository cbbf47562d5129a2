// The API contract as the proof tests walk it: every operation of openapi/openapi.json with its
// parameters, body and the access note that route.ts writes into its description ("Access: ...;
// ... sites only."), plus the demo callers of every role. The fuzzer and the tenant matrix are
// generated from this, never from a hand-kept list, so a route merged later is covered at once.
import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { classes, students, users } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, signIn, type TestServer } from './harness';

export type JsonSchema = Record<string, any>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI template below /api, e.g. /students/{id}/unlock/. */
  path: string;
  parameters: Parameter[];
  body?: { type: string; schema: JsonSchema; required: boolean };
  /** 'anyone', 'signed-in', or the roles allowed, as the access note says. */
  roles: 'anyone' | 'signed-in' | string[];
  /** Only on a school or organization site. */
  tenantOnly: boolean;
  /** The PWA queues it (it may travel in POST /outbox/batch/). */
  outbox: boolean;
  /** The most bytes of body it reads, from its 413 answer ('Body over 6 MB', rounded to 0.1 MB); 0 without a body. */
  bodyLimit: number;
}

const MiB = 1024 * 1024;
/** The body limit a 413 description states ('Body over 60.1 MB'), rounded down to stay under it. */
function bodyLimitOf(op: JsonSchema): number {
  const over = /Body over ([\d.]+) MB/.exec(op.responses?.['413']?.description ?? '');
  return over ? Math.floor((Number(over[1]) - 0.05) * MiB) : 0;
}

export const DOC = JSON.parse(readFileSync('openapi/openapi.json', 'utf8')) as {
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema> };
};

/** Follows a local $ref (#/components/schemas/X) to the schema it names. */
export function deref(schema: JsonSchema): JsonSchema {
  let s = schema;
  while (s && typeof s.$ref === 'string') {
    const name = s.$ref.replace('#/components/schemas/', '');
    s = DOC.components.schemas[name] ?? {};
  }
  return s ?? {};
}

function accessOf(description: string): Pick<Operation, 'roles' | 'tenantOnly'> {
  const line = /Access: ([^;]+); ([^.]+)\./.exec(description);
  if (!line) throw new Error(`an operation without an access note: ${description}`);
  const who = line[1]!.trim();
  const roles = who === 'anyone' ? 'anyone' : who === 'any signed-in user' ? 'signed-in' : who.split(',').map((r) => r.trim());
  return { roles, tenantOnly: line[2]!.includes('sites only') };
}

export const OPERATIONS: Operation[] = Object.entries(DOC.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => {
    const content = op.requestBody?.content as Record<string, { schema: JsonSchema }> | undefined;
    const [type, media] = content ? Object.entries(content)[0]! : [];
    return {
      method: method.toUpperCase(),
      path,
      parameters: ((op.parameters ?? []) as Parameter[]).map((p) => ({ ...p, required: !!p.required, schema: deref(p.schema ?? {}) })),
      body: type && media ? { type, schema: deref(media.schema), required: !!op.requestBody.required } : undefined,
      ...accessOf(op.description ?? ''),
      outbox: /Outbox:/.test(op.description ?? ''),
      bodyLimit: bodyLimitOf(op),
    };
  }),
);

/** Whether the access note lets this role call the operation. */
export function allows(op: Operation, role: string | null): boolean {
  if (op.roles === 'anyone') return true;
  if (role === null) return false;
  return op.roles === 'signed-in' || op.roles.includes(role);
}

/** A caller of the demo data: a bearer token or the parents' community cookie, on its home site. */
export interface Caller {
  name: string;
  /** The role its token carries; null for anonymous and for the parents' cookie. */
  role: string | null;
  host: string;
  token?: string;
  cookie?: string;
  userId?: number;
}

/** The callers `signInEveryone` answers, by name (for test tables known before sign-in). */
export const CALLER_NAMES = [
  'anonymous',
  'parent',
  'student',
  'teacher',
  'school_admin',
  'organization_admin',
  'upschool_admin',
  'hillside_teacher',
  'hillside_student',
] as const;

/** Signs in every kind of caller of the demo data (DEMO_DATA.md) on its own site. */
export async function signInEveryone(server: TestServer): Promise<Caller[]> {
  const staff = async (name: string, role: string, email: string, password: string, host: string): Promise<Caller> => {
    const s = await signIn(server, email, password, host);
    return { name, role, host, token: s.access, userId: s.user.id };
  };
  const hillStudent = await firstStudentOf(server, 'HILL3');
  const parent = await server.call('POST', '/api/generic-password-login', { host: GREENFIELD, json: { password: 'greenfield-parents' } });
  const cookie = /community_session=([^;]+)/.exec(parent.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error(`the parents' sign-in failed: ${parent.status}`);
  return [
    { name: 'anonymous', role: null, host: GREENFIELD },
    { name: 'parent', role: null, host: GREENFIELD, cookie: `community_session=${cookie}` },
    await staff('student', 'student', 'amara.okafor', 'kite-7', GREENFIELD),
    await staff('teacher', 'teacher', 'teacher@greenfield.example', 'Teach-demo-1', GREENFIELD),
    await staff('school_admin', 'school_admin', 'head@greenfield.example', 'Head-demo-1', GREENFIELD),
    await staff('organization_admin', 'organization_admin', 'org@riverbend.example', 'Org-demo-1', 'riverbend.localhost'),
    await staff('upschool_admin', 'upschool_admin', 'admin@example.com', 'Admin-demo-1', 'localhost'),
    await staff('hillside_teacher', 'teacher', 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE),
    await staff('hillside_student', 'student', hillStudent.username, hillStudent.password, HILLSIDE),
  ];
}

/** The first student of a class and their class password (read the way a teacher's login card does). */
export async function firstStudentOf(server: TestServer, code: string): Promise<{ username: string; password: string }> {
  const [row] = await server.database.db
    .select({ username: users.username, class_id: classes.id, host: classes.tenant_id })
    .from(students)
    .innerJoin(users, eq(users.id, students.user_id))
    .innerJoin(classes, eq(classes.id, students.class_id))
    .where(eq(classes.class_id, code))
    .orderBy(asc(users.id))
    .limit(1);
  if (!row?.username) throw new Error(`class ${code} has no students`);
  const teacher =
    code === 'HILL3' ? ['teacher@hillside.example', 'Teach-demo-2', HILLSIDE] : ['teacher@greenfield.example', 'Teach-demo-1', GREENFIELD];
  const t = await signIn(server, teacher[0]!, teacher[1]!, teacher[2]);
  const info = await server.call('GET', `/api/v1/teacher/student-login-info/${row.class_id}/?limit=1000`, {
    host: teacher[2],
    token: t.access,
  });
  const card = (info.body?.results ?? info.body?.data ?? []).find((s: { username?: string }) => s.username === row.username);
  if (!card?.password) throw new Error(`no login card for ${row.username}: ${info.status} ${JSON.stringify(info.body).slice(0, 300)}`);
  return { username: row.username, password: card.password };
}

/** The request headers a caller sends. */
export function callerHeaders(caller: Caller): Record<string, string> {
  return caller.cookie ? { cookie: caller.cookie } : {};
}

/** The caller of the demo data an operation lets in (a teacher where anyone may call), for requests that reach its real work. */
export function callerFor(op: Operation, callers: Caller[]): Caller {
  const byName = (name: string) => callers.find((c) => c.name === name)!;
  if (op.roles === 'anyone' || op.roles === 'signed-in') return byName('teacher');
  const name = ['teacher', 'school_admin', 'student', 'organization_admin', 'upschool_admin'].find((n) => allows(op, byName(n).role));
  return byName(name ?? 'anonymous');
}

/**
 * What is wrong with an answer: a 5xx, or a 4xx without a message. A batch answers 200 with one
 * answer per entry: those are held to the same rules.
 */
export function answerProblems(res: { status: number; body: any }, what: string): string[] {
  const problems: string[] = [];
  const check = (status: number, body: any, where: string) => {
    if (status >= 500) problems.push(`${where}${status} for ${what}: ${JSON.stringify(body).slice(0, 300)}`);
    else if (status >= 400 && !(typeof body?.message === 'string' && body.message.trim())) {
      problems.push(`${where}${status} without a message for ${what}: ${JSON.stringify(body).slice(0, 300)}`);
    }
  };
  check(res.status, res.body, '');
  if (res.status === 200 && Array.isArray(res.body?.results)) {
    for (const result of res.body.results as { status: number; body: any }[]) check(result.status, result.body, 'entry answered ');
  }
  return problems;
}
