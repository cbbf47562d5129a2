// New students' class passwords: two words and two digits, about 20 bits, from every place that
// makes one (bulk add, CSV import); the seeded demo passwords stay exactly as DEMO_DATA.md says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { classes } from '../../server/db/schema';
import {
  CLASS_PASSWORD_FORMAT,
  CLASS_PASSWORD_SPACE,
  CLASS_PASSWORD_WORDS,
  newClassPassword,
} from '../../server/domains/roster/class-passwords';
import { GREENFIELD, TARGETS, signIn, startServer, type TestServer } from './harness';

describe('the class password generator', () => {
  it('has at least 20 bits of choice in short distinct lowercase words', () => {
    expect(Math.log2(CLASS_PASSWORD_SPACE)).toBeGreaterThanOrEqual(20);
    expect(new Set(CLASS_PASSWORD_WORDS).size).toBe(CLASS_PASSWORD_WORDS.length);
    for (const w of CLASS_PASSWORD_WORDS) expect(w).toMatch(/^[a-z]{3,5}$/);
  });

  it('makes word-word-two digits, and rarely the same one twice', () => {
    const made = Array.from({ length: 500 }, newClassPassword);
    for (const p of made) expect(p).toMatch(CLASS_PASSWORD_FORMAT);
    // 500 draws from 1.7 million: 0.07 repeats expected; three or more about once in 15,000 runs.
    expect(made.length - new Set(made).size).toBeLessThan(3);
  });
});

describe.each(TARGETS)('new students get strong class passwords on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let owls: number;

  beforeAll(async () => {
    server = await startServer(target);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    owls = (await server.database.db.select().from(classes).where(eq(classes.class_id, 'OWLS5')))[0]!.id;
  });
  afterAll(() => server.close());

  const loginInfo = async (id: number) =>
    (await server.call('GET', `/api/classes/OWLS5/student-login-info/${id}/`, { host: GREENFIELD, token: teacher })).body
      .password as string;

  it('by bulk add, and the child signs in with it', async () => {
    const res = await server.call('POST', `/api/class/${owls}/bulk-add-students/`, {
      host: GREENFIELD,
      token: teacher,
      json: [
        { first_name: 'Pia', last_name: 'Strong' },
        { first_name: 'Rui', last_name: 'Strong' },
      ],
    });
    expect(res.status).toBe(200);
    for (const s of res.body.students as { id: number; username: string }[]) {
      const password = await loginInfo(s.id);
      expect(password).toMatch(CLASS_PASSWORD_FORMAT);
      expect((await signIn(server, s.username, password)).user.id).toBe(s.id);
    }
  });

  it('by CSV import', async () => {
    const form = new FormData();
    form.set('file', new File(['first_name,last_name\nEva,Csvson\n'], 'c.csv', { type: 'text/csv' }));
    const res = await server.call('POST', `/api/add-bulk-student-without-mail-to-class/${owls}/`, {
      host: GREENFIELD,
      token: teacher,
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await loginInfo(res.body.students[0].id)).toMatch(CLASS_PASSWORD_FORMAT);
  });

  it('while the demo children keep their seeded passwords', async () => {
    await signIn(server, 'amara.okafor', 'kite-7');
    await signIn(server, 'zoe.zhang', 'moon-3');
    const page = await server.call('GET', `/api/v1/teacher/student-login-info/${owls}/?limit=100`, { host: GREENFIELD, token: teacher });
    const seeded = (page.body.results as { username: string; password: string }[]).filter((s) => !/strong|csvson/.test(s.username));
    expect(seeded.length).toBeGreaterThan(10);
    for (const s of seeded) expect(s.password).toMatch(/^[a-z]+-[1-9]$/);
  });
});
