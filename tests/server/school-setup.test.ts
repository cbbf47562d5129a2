// A school sets itself up where it looks: the Teachers list shows every teacher (those without a
// class too), a class is created with or without its teacher, and its teacher is changed; the
// teacher must be one of the school's; another school's class is not there; teachers may not.
// The dashboard shows the school at a glance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { classes, users } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('setting up a school on %s', (target) => {
  let server: TestServer;
  let head: string;
  let teacher: string;
  let tom: number;
  let second: number;
  let hillTeacher: number;
  let hillClass: number;

  beforeAll(async () => {
    server = await startServer(target);
    const db = server.database.db;
    const id = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    [tom, second, hillTeacher] = await Promise.all([
      id('teacher@greenfield.example'),
      id('teacher2@greenfield.example'),
      id('teacher@hillside.example'),
    ]);
    hillClass = (await db.select({ id: classes.id }).from(classes).where(eq(classes.class_id, 'HILL3')))[0]!.id;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
  }, 600_000);
  afterAll(() => server?.close());

  const call = (method: string, path: string, token: string, json?: unknown, host = GREENFIELD) =>
    server.call(method, `/api${path}`, { host, token, json });

  it('lists every teacher of the school on the Teachers list, those without a class too', async () => {
    const res = await call('GET', '/api-school-admin/users/?teaching=true&limit=50', head);
    expect(res.status).toBe(200);
    const ids = res.body.results.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([tom, second]));
    expect(ids).not.toContain(hillTeacher);
  });

  it('creates a class with its teacher, then gives it another', async () => {
    const made = await call('POST', '/api-school-admin/classes/', head, { name: 'Year 2 Wrens', teacher_id: String(second) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ name: 'Year 2 Wrens', class_code: expect.stringMatching(/^[A-Z2-9]{8}$/), teacher_id: second });
    expect(made.body.teacher_options.map((t: { id: number }) => t.id)).toEqual(expect.arrayContaining([tom, second]));
    // Its teacher sees it among their classes (the roster every device pulls).
    const secondToken = (await signIn(server, 'teacher2@greenfield.example', 'Teach-demo-3')).access;
    const theirs = await call('GET', '/v1/teacher/school-classes/', secondToken);
    expect(theirs.body.results.map((k: { id: number }) => k.id)).toContain(made.body.id);

    const changed = await call('PATCH', `/api-school-admin/classes/${made.body.id}/`, head, { teacher_id: String(tom) });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Year 2 Wrens', teacher_id: tom });
    const renamed = await call('PATCH', `/api-school-admin/classes/${made.body.id}/`, head, { name: 'Year 2 Robins' });
    expect(renamed.body).toMatchObject({ name: 'Year 2 Robins', teacher_id: tom });
    const none = await call('PATCH', `/api-school-admin/classes/${made.body.id}/`, head, { teacher_id: '' });
    expect(none.body.teacher_id).toBeNull();
    const bare = await call('POST', '/api-school-admin/classes/', head, { name: 'Nursery' });
    expect(bare.status).toBe(201);
    expect(bare.body.teacher_id).toBeNull();
  });

  it('shows the school at a glance on the dashboard: classes, teachers, stories waiting, sales and donations', async () => {
    const glance = await call('GET', '/api-school-admin/overview/', head);
    expect(glance.status).toBe(200);
    expect(glance.body).toMatchObject({
      classes: expect.any(Number),
      teachers: expect.any(Number),
      students: expect.any(Number),
      stories_waiting: expect.any(Number),
      sales_cents: expect.any(Number),
      donations_cents: expect.any(Number),
    });
    // Both Greenfield teachers, never Hillside's; the classes made above are counted, the bare one among those without a teacher.
    expect(glance.body.teachers).toBe(2);
    expect(glance.body.classes_without_teacher).toBeGreaterThanOrEqual(1);
    const before = glance.body.classes as number;
    await call('POST', '/api-school-admin/classes/', head, { name: 'Year 3 Larks' });
    expect((await call('GET', '/api-school-admin/overview/', head)).body.classes).toBe(before + 1);
    expect((await call('GET', '/api-school-admin/overview/', teacher)).status).toBe(403);
  });

  it('refuses bad input, another school’s teacher or class, and teachers', async () => {
    const empty = await call('POST', '/api-school-admin/classes/', head, { name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Class name is required');
    const stranger = await call('POST', '/api-school-admin/classes/', head, { name: 'Year 6 Kites', teacher_id: String(hillTeacher) });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toContain('Choose a teacher from the list');
    expect((await call('PATCH', `/api-school-admin/classes/${hillClass}/`, head, { name: 'Mine now' })).status).toBe(404);
    expect((await call('GET', `/api-school-admin/classes/${hillClass}/`, head)).status).toBe(404);
    expect((await call('POST', '/api-school-admin/classes/', teacher, { name: 'Sneaky' })).status).toBe(403);
    const hillHead = await call('POST', '/api-school-admin/classes/', head, { name: 'Elsewhere' }, HILLSIDE);
    expect(hillHead.status).toBeGreaterThanOrEqual(400);
  });
});
