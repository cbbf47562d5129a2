// An organization linked to a school never reads (or sets) its children's class passwords: the
// school's own class staff still do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { classes, students } from '../../server/db/schema';
import { GREENFIELD, RIVERBEND, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)("an organization and a school's class passwords on %s", (target) => {
  let server: TestServer;
  let org: string;
  let teacher: string;
  let robins: number;
  let child: number;
  beforeAll(async () => {
    server = await startServer(target);
    org = (await signIn(server, 'org@riverbend.example', 'Org-demo-1', RIVERBEND)).access;
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    robins = (await server.database.db.select().from(classes).where(eq(classes.class_id, 'ROBINS4')))[0]!.id;
    child = (await server.database.db.select().from(students).where(eq(students.class_id, robins)))[0]!.user_id;
  }, 180_000);
  afterAll(() => server.close());

  it("refuses the organization a class's login cards and one child's card", async () => {
    const all = await server.call('GET', `/api/v1/teacher/student-login-info/${robins}/`, { host: RIVERBEND, token: org });
    expect(all.status).toBe(403);
    expect(JSON.stringify(all.body)).not.toMatch(/"password"/);
    const one = await server.call('GET', `/api/classes/ROBINS4/student-login-info/${child}/`, { host: RIVERBEND, token: org });
    expect(one.status).toBe(403);
    expect((await server.call('GET', `/api/v1/teacher/student-login-info/${robins}/`, { host: GREENFIELD, token: teacher })).status).toBe(
      200,
    );
  });

  it("refuses the organization setting a child's password", async () => {
    const set = await server.call('PUT', `/api/change-password/${child}/`, {
      host: RIVERBEND,
      token: org,
      json: { new_password: 'kite-9' },
    });
    expect(set.status).toBe(403);
    const edit = await server.call('PUT', `/api/manage_student/${child}/`, {
      host: RIVERBEND,
      token: org,
      json: { first_name: 'A', last_name: 'B', password: 'kite-9', privacy_preference: 'private' },
    });
    expect(edit.status).toBe(403);
  });
});
