// The roster API: class lists, the student list and its filters, editing students, the bulk
// actions, adding students by name and by CSV, login info and pins. Every endpoint is checked
// for its happy path, a role that may not call it, another school's data and a bad body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { classes, pins, students, users } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, TARGETS, signIn, startServer, type TestServer } from './harness';

describe.each(TARGETS)('roster API on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let head: string;
  let student: string;
  let hillTeacher: string;
  let robins: number;
  let owls: number;
  let hill3: number;
  let amara: number;
  let hillStudent: number;

  beforeAll(async () => {
    server = await startServer(target);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    student = (await signIn(server, 'amara.okafor', 'kite-7')).access;
    hillTeacher = (await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE)).access;
    const db = server.database.db;
    const classId = async (code: string) => (await db.select({ id: classes.id }).from(classes).where(eq(classes.class_id, code)))[0]!.id;
    robins = await classId('ROBINS4');
    owls = await classId('OWLS5');
    hill3 = await classId('HILL3');
    amara = (await db.select({ id: users.id }).from(users).where(eq(users.username, 'amara.okafor')))[0]!.id;
    hillStudent = (await db.select({ id: students.user_id }).from(students).where(eq(students.class_id, hill3)).limit(1))[0]!.id;
  });
  afterAll(() => server.close());

  const call = (method: string, path: string, token: string, json?: unknown, host = GREENFIELD, headers: Record<string, string> = {}) =>
    server.call(method, `/api${path}`, { host, token, json, headers });
  const privacyOf = async (id: number) =>
    (await server.database.db.select({ p: students.privacy_preference }).from(students).where(eq(students.user_id, id)))[0]!.p;

  describe('classes', () => {
    it("lists a teacher's classes with counts and teacher, and a school admin's", async () => {
      const mine = await call('GET', '/v1/teacher/school-classes/', teacher);
      expect(mine.status).toBe(200);
      expect(mine.body.count).toBe(2);
      const r = mine.body.results.find((c: { class_id: string }) => c.class_id === 'ROBINS4');
      expect(r).toMatchObject({
        id: robins,
        name: 'Year 4 Robins',
        no_of_students: 24,
        assigned_teacher: { first_name: expect.any(String) },
      });
      const school = await call('GET', '/v1/school-classes/?limit=1', head);
      expect(school.status).toBe(200);
      expect(school.body.count).toBe(2);
      expect(school.body.results).toHaveLength(1);
      expect(school.body.next_since).toEqual(expect.any(String));
      const rest = await call('GET', `/v1/school-classes/?updated_since=${encodeURIComponent(school.body.next_since)}`, head);
      expect(rest.body.results.map((c: { id: number }) => c.id)).not.toContain(school.body.results[0].id);
    });

    it("gives an organization admin the linked schools' classes on the organization's site", async () => {
      const org = (await signIn(server, 'org@riverbend.example', 'Org-demo-1', 'riverbend.localhost')).access;
      const res = await call('GET', '/v1/school-classes/', org, undefined, 'riverbend.localhost');
      expect(res.status).toBe(200);
      expect(res.body.results.map((c: { class_id: string }) => c.class_id).sort()).toEqual(['HILL3', 'OWLS5', 'ROBINS4']);
      expect((await call('GET', '/v1/school-classes/', org)).status).toBe(401);
    });

    it('refuses students, other schools and bad input', async () => {
      expect((await call('GET', '/v1/teacher/school-classes/', student)).status).toBe(403);
      expect((await call('GET', '/v1/school-classes/', teacher)).status).toBe(403);
      const hill = await call('GET', '/v1/teacher/school-classes/', hillTeacher, undefined, HILLSIDE);
      expect(hill.body.results.map((c: { class_id: string }) => c.class_id)).toEqual(['HILL3']);
      expect((await call('GET', '/v1/teacher/school-classes/', teacher, undefined, HILLSIDE)).status).toBe(401);
      expect((await call('GET', '/v1/teacher/school-classes/?limit=0', teacher)).status).toBe(400);
      expect((await call('GET', '/v1/teacher/school-classes/?updated_since=yesterday', teacher)).status).toBe(400);
    });

    it('answers one class, and Class not found for another school', async () => {
      expect((await call('GET', `/api-admin/school-classes/${owls}/`, teacher)).body).toMatchObject({
        class_id: 'OWLS5',
        no_of_students: 45,
      });
      const other = await call('GET', `/api-admin/school-classes/${hill3}/`, hillTeacher, undefined, HILLSIDE);
      expect(other.status).toBe(200);
      expect((await call('GET', `/api-admin/school-classes/${hill3}/`, teacher)).body.message).toBe('Class not found');
      expect((await call('GET', '/api-admin/school-classes/abc/', teacher)).status).toBe(400);
      expect((await call('GET', `/api-admin/school-classes/${robins}/`, student)).status).toBe(403);
    });
  });

  describe('login info', () => {
    it("gives a class's usernames and passwords to its teacher, and one student's", async () => {
      const all = await call('GET', `/v1/teacher/student-login-info/${robins}/`, teacher);
      expect(all.status).toBe(200);
      expect(all.body.count).toBe(24);
      expect(all.body.results).toContainEqual({
        id: amara,
        first_name: 'Amara',
        last_name: 'Okafor',
        username: 'amara.okafor',
        password: 'kite-7',
        class_code: 'ROBINS4',
      });
      const one = await call('GET', `/classes/robins4/student-login-info/${amara}/`, head);
      expect(one.body).toEqual({
        first_name: 'Amara',
        last_name: 'Okafor',
        username: 'amara.okafor',
        password: 'kite-7',
        class_code: 'ROBINS4',
      });
    });

    it('refuses students, other schools and bad input', async () => {
      expect((await call('GET', `/v1/teacher/student-login-info/${robins}/`, student)).status).toBe(403);
      expect((await call('GET', `/v1/teacher/student-login-info/${hill3}/`, teacher)).status).toBe(404);
      expect((await call('GET', `/classes/HILL3/student-login-info/${hillStudent}/`, teacher)).status).toBe(404);
      expect((await call('GET', `/classes/ROBINS4/student-login-info/${amara}/`, hillTeacher, undefined, HILLSIDE)).status).toBe(404);
      expect((await call('GET', `/classes/RO%20BINS/student-login-info/${amara}/`, teacher)).status).toBe(400);
      expect((await call('GET', `/v1/teacher/student-login-info/${robins}/?offset=-1`, teacher)).status).toBe(400);
    });
  });

  describe('student list', () => {
    it('pages by 20 with filters for class, privacy, archived, search and dates', async () => {
      const page = await call('GET', `/api-admin/student/?class_id=${owls}&limit=20`, teacher);
      expect(page.status).toBe(200);
      expect(page.body.count).toBe(45);
      expect(page.body.results).toHaveLength(20);
      expect(page.body.results[0]).toMatchObject({ stu_class: { id: owls, class_id: 'OWLS5' }, archived: false });
      expect(JSON.stringify(page.body)).not.toMatch(/password/);
      const priv = await call('GET', `/api-admin/student/?class_id=${robins}&student_privacy=community`, teacher);
      expect(priv.body.results.every((s: { privacy_preference: string }) => s.privacy_preference === 'community')).toBe(true);
      expect(priv.body.count).toBeGreaterThan(0);
      const search = await call('GET', '/api-admin/student/?search=okafor', teacher);
      expect(search.body.results.map((s: { username: string }) => s.username)).toContain('amara.okafor');
      const dated = await call(
        'GET',
        `/api-admin/student/?class_id=${robins}&date_joined__gte=2026-09-01&date_joined__lte=2026-09-01`,
        teacher,
      );
      expect(dated.body.count).toBe(16); // the seed joins one student an hour from 08:00
    });

    it('refuses a from date after the to date, students, and other schools', async () => {
      const bad = await call('GET', '/api-admin/student/?date_joined__gte=2026-10-02&date_joined__lte=2026-10-01', teacher);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('The from date cannot be after the to date.');
      expect((await call('GET', '/api-admin/student/?student_privacy=secret', teacher)).status).toBe(400);
      expect((await call('GET', '/api-admin/student/', student)).status).toBe(403);
      const hill = await call('GET', '/api-admin/student/?limit=2000', hillTeacher, undefined, HILLSIDE);
      expect(hill.body.count).toBe(10);
      expect((await call('GET', `/api-admin/student/?class_id=${robins}`, hillTeacher, undefined, HILLSIDE)).body.count).toBe(0);
    });

    it('pulls every change in change order with a cursor', async () => {
      const first = await call('GET', '/api-admin/student/?updated_since=2000-01-01T00:00:00Z&limit=50', teacher);
      expect(first.body.results).toHaveLength(50);
      const rest = await call('GET', `/api-admin/student/?updated_since=${encodeURIComponent(first.body.next_since)}&limit=50`, teacher);
      expect(rest.body.results.length).toBeGreaterThan(0);
      const ids = new Set(first.body.results.map((s: { id: number }) => s.id));
      expect(rest.body.results.some((s: { id: number }) => ids.has(s.id))).toBe(false);
    });
  });

  describe('editing a student', () => {
    it('edits names, password and privacy; the new password signs in', async () => {
      const [row] = (await call('GET', `/api-admin/student/?class_id=${owls}&limit=1&offset=5`, teacher)).body.results;
      const res = await call('PUT', `/manage_student/${row.id}/`, teacher, {
        first_name: 'Ada',
        last_name: 'Lovelace',
        password: 'star-9',
        privacy_preference: 'public',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: row.id, first_name: 'Ada', last_name: 'Lovelace', privacy_preference: 'public' });
      expect(
        (await server.call('POST', '/api/auth/token/', { host: GREENFIELD, json: { username: row.username, password: 'star-9' } })).status,
      ).toBe(200);
      const empty = await call('PUT', `/manage_student/${row.id}/`, teacher, {
        first_name: '',
        last_name: 'L',
        password: '',
        privacy_preference: '',
      });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toContain('Please enter first name');
      expect(empty.body.message).toContain('Please enter new password');
      expect(empty.body.message).toContain('Please select privacy preference');
      expect(
        (
          await call('PUT', `/manage_student/${row.id}/`, student, {
            first_name: 'X',
            last_name: 'Y',
            password: 'abcd',
            privacy_preference: 'public',
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await call('PUT', `/manage_student/${hillStudent}/`, teacher, {
            first_name: 'X',
            last_name: 'Y',
            password: 'abcd',
            privacy_preference: 'public',
          })
        ).status,
      ).toBe(404);
    });

    it('changes privacy, refusing the same value as an invalid transition', async () => {
      const before = await privacyOf(amara);
      const other = before === 'public' ? 'private' : 'public';
      const ok = await call('PUT', `/student-privacy-update/${amara}/`, teacher, { privacy_preference: other });
      expect(ok.body).toEqual({ message: 'Privacy preference updated successfully!' });
      const same = await call('PUT', `/student-privacy-update/${amara}/`, teacher, { privacy_preference: other });
      expect(same.status).toBe(400);
      expect(same.body.message).toBe('Invalid privacy preference transition.');
      expect((await call('PUT', `/student-privacy-update/${amara}/`, teacher, { privacy_preference: 'everyone' })).status).toBe(400);
      expect((await call('PUT', `/student-privacy-update/${amara}/`, student, { privacy_preference: 'public' })).status).toBe(403);
      expect((await call('PUT', `/student-privacy-update/${amara}/`, hillTeacher, { privacy_preference: 'public' }, HILLSIDE)).status).toBe(
        404,
      );
    });

    it('changes a password', async () => {
      const [row] = (await call('GET', `/api-admin/student/?class_id=${owls}&limit=1&offset=7`, teacher)).body.results;
      expect((await call('PUT', `/change-password/${row.id}/`, head, { new_password: 'moon-8' })).status).toBe(200);
      expect(
        (await server.call('POST', '/api/auth/token/', { host: GREENFIELD, json: { username: row.username, password: 'moon-8' } })).status,
      ).toBe(200);
      expect((await call('PUT', `/change-password/${row.id}/`, head, { new_password: '' })).body.message).toContain(
        'Please enter new password',
      );
      expect((await call('PUT', `/change-password/${row.id}/`, student, { new_password: 'abcd' })).status).toBe(403);
      expect((await call('PUT', `/change-password/${hillStudent}/`, head, { new_password: 'abcd' })).status).toBe(404);
    });
  });

  describe('bulk actions', () => {
    let ids: number[];
    beforeAll(async () => {
      ids = (await call('GET', `/api-admin/student/?class_id=${owls}&limit=3&offset=10`, teacher)).body.results.map(
        (s: { id: number }) => s.id,
      );
    });

    it('sets privacy for many, by both paths', async () => {
      expect(
        (await call('POST', '/users/privacy-preference/bulk/', teacher, { user_ids: ids, privacy_preference: 'community' })).status,
      ).toBe(200);
      expect(await Promise.all(ids.map(privacyOf))).toEqual(['community', 'community', 'community']);
      expect(
        (await call('PATCH', '/v1/students/profile/change-privacy/', teacher, { ids, privacy_preference: 'private' })).body.message,
      ).toBe('Privacy preference updated successfully!');
      expect(await Promise.all(ids.map(privacyOf))).toEqual(['private', 'private', 'private']);
      expect((await call('POST', '/users/privacy-preference/bulk/', teacher, { user_ids: [], privacy_preference: 'public' })).status).toBe(
        400,
      );
      expect((await call('POST', '/users/privacy-preference/bulk/', student, { user_ids: ids, privacy_preference: 'public' })).status).toBe(
        403,
      );
      expect(
        (await call('PATCH', '/v1/students/profile/change-privacy/', teacher, { ids: [...ids, hillStudent], privacy_preference: 'public' }))
          .status,
      ).toBe(404);
      expect(await privacyOf(ids[0]!)).toBe('private');
    });

    it('features and unfeatures', async () => {
      const res = await call('PATCH', '/v1/teacher/students/blogs/feature/', teacher, { ids, action: 'feature' });
      expect(res.status).toBe(200);
      const featured = await call('GET', `/api-admin/student/?class_id=${owls}&is_featured=true`, teacher);
      expect(featured.body.results.map((s: { id: number }) => s.id).sort()).toEqual([...ids].sort());
      expect((await call('PATCH', '/v1/teacher/students/blogs/feature/', teacher, { ids, action: 'maybe' })).status).toBe(400);
      expect((await call('PATCH', '/v1/teacher/students/blogs/feature/', student, { ids, action: 'feature' })).status).toBe(403);
      expect((await call('PATCH', '/v1/teacher/students/blogs/feature/', hillTeacher, { ids, action: 'feature' }, HILLSIDE)).status).toBe(
        404,
      );
    });

    it('archives, lists archived students, and transfers them back into a class', async () => {
      const before = (await call('GET', `/api-admin/school-classes/${owls}/`, teacher)).body.no_of_students;
      expect((await call('POST', '/archived-all-students/', teacher, { user_ids: [ids[0]] })).body.success).toBe(true);
      expect((await call('POST', '/v1/students/archive/', teacher, { student_ids: [ids[1]] })).body.success).toBe(true);
      expect((await call('GET', `/api-admin/school-classes/${owls}/`, teacher)).body.no_of_students).toBe(before - 2);
      const archived = await call('GET', `/api-admin/student/?class_id=${owls}&is_archived=true`, teacher);
      expect(archived.body.results.map((s: { id: number }) => s.id).sort()).toEqual([ids[0], ids[1]].sort());
      const moved = await call('POST', '/v1/students/transfer/', teacher, { student_ids: [ids[0]], class_id: robins });
      expect(moved.body.success).toBe(true);
      const [row] = await server.database.db.select().from(students).where(eq(students.user_id, ids[0]!));
      expect(row).toMatchObject({ class_id: robins, archived: false });
      expect((await call('POST', '/v1/students/transfer/', teacher, { student_ids: [ids[1]], class_id: hill3 })).status).toBe(404);
      expect((await call('POST', '/v1/students/archive/', teacher, { student_ids: 'all' })).status).toBe(400);
      expect((await call('POST', '/archived-all-students/', student, { user_ids: [ids[2]] })).status).toBe(403);
      expect((await call('POST', '/archived-all-students/', hillTeacher, { user_ids: [ids[2]] }, HILLSIDE)).status).toBe(404);
    });
  });

  describe('adding students', () => {
    it('adds by name, once under a repeated Idempotency-Key; the new students can sign in', async () => {
      const body = [
        { first_name: 'Nia', last_name: 'Long' },
        { first_name: 'Amara', last_name: 'Okafor' },
      ];
      const headers = { 'idempotency-key': `bulk-${crypto.randomUUID()}` };
      const res = await call('POST', `/class/${robins}/bulk-add-students/`, teacher, body, GREENFIELD, headers);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'Students added successfully!', data: { id: robins, class_id: 'ROBINS4' } });
      expect(res.body.students.map((s: { username: string }) => s.username)).toEqual(['nia.long', 'amara.okafor2']);
      const again = await call('POST', `/class/${robins}/bulk-add-students/`, teacher, body, GREENFIELD, headers);
      expect(again.body).toEqual(res.body);
      const nias = await server.database.db
        .select()
        .from(users)
        .where(and(eq(users.first_name, 'Nia'), eq(users.last_name, 'Long')));
      expect(nias).toHaveLength(1);
      const info = await call('GET', `/classes/ROBINS4/student-login-info/${res.body.students[0].id}/`, teacher);
      expect(
        (await server.call('POST', '/api/auth/token/', { host: GREENFIELD, json: { username: 'nia.long', password: info.body.password } }))
          .status,
      ).toBe(200);
    });

    it('refuses an empty list, students, and other schools', async () => {
      const empty = await call('POST', `/class/${robins}/bulk-add-students/`, teacher, []);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toContain('Please add at least one student');
      expect((await call('POST', `/class/${robins}/bulk-add-students/`, teacher, [{ last_name: 'Only' }])).status).toBe(400);
      expect((await call('POST', `/class/${robins}/bulk-add-students/`, student, [{ first_name: 'A', last_name: 'B' }])).status).toBe(403);
      expect((await call('POST', `/class/${hill3}/bulk-add-students/`, teacher, [{ first_name: 'A', last_name: 'B' }])).status).toBe(404);
    });

    const upload = (classId: number, file: File, token = teacher, host = GREENFIELD) => {
      const form = new FormData();
      form.set('file', file);
      return server.call('POST', `/api/add-bulk-student-without-mail-to-class/${classId}/`, { host, token, body: form });
    };

    it('adds from a CSV file with first and last name columns', async () => {
      const csv = new File(['\uFEFFFirst Name,Last Name\nOla,Nordmann\n\nKai,"Van Dyke"\n'], 'class.csv', { type: 'text/csv' });
      const res = await upload(owls, csv);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('CSV file uploaded successfully! All student accounts have been registered.');
      expect(res.body.students.map((s: { username: string }) => s.username)).toEqual(['ola.nordmann', 'kai.vandyke']);
    });

    it('adds a queued CSV file once when it is sent again under its Idempotency-Key', async () => {
      const send = () => {
        const form = new FormData();
        form.set('file', new File(['first_name,last_name\nIdris,Queue\n'], 'queued.csv', { type: 'text/csv' }));
        return server.call('POST', `/api/add-bulk-student-without-mail-to-class/${owls}/`, {
          host: GREENFIELD,
          token: teacher,
          body: form,
          headers: { 'idempotency-key': 'csv-upload-once-1' },
        });
      };
      const first = await send();
      const again = await send();
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await server.database.db.select().from(users).where(eq(users.last_name, 'Queue'))).toHaveLength(1);
    });

    it('refuses a non-CSV file, a missing column, students and other schools', async () => {
      const notCsv = await upload(owls, new File(['x'], 'class.txt', { type: 'text/plain' }));
      expect(notCsv.status).toBe(400);
      expect(notCsv.body.message).toContain('Please upload a valid CSV file.');
      const big = await upload(owls, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' }));
      expect(big.body.message).toContain('File size exceeds 5MB limit.');
      const columns = await upload(owls, new File(['name\nOla\n'], 'c.csv', { type: 'text/csv' }));
      expect(columns.status).toBe(400);
      expect(columns.body.message).toBe('The CSV file needs a first name and a last name column.');
      expect((await upload(owls, new File(['first_name,last_name\nA,B'], 'c.csv'), student)).status).toBe(403);
      expect((await upload(hill3, new File(['first_name,last_name\nA,B'], 'c.csv'))).status).toBe(404);
    });
  });

  describe('pins', () => {
    const future = () => new Date(Date.now() + 86_400_000).toISOString();

    it('pins and unpins one item and many, and lists live pins', async () => {
      const one = await call('POST', '/content/pin/', teacher, {
        content_type: 'student',
        object_id: amara,
        is_pinned: true,
        expiry_date: future(),
      });
      expect(one.status).toBe(200);
      const listed = await call('GET', '/content/pins/?content_type=student', teacher);
      expect(listed.body.results).toContainEqual(expect.objectContaining({ object_id: amara, is_pinned: true }));
      const off = await call('POST', '/content/pin/', teacher, { content_type: 'student', object_id: amara, is_pinned: false });
      expect(off.body.message).toBe('Content unpinned successfully!');
      const many = await call('POST', '/content/pins/bulk/', head, {
        content_type: 'book',
        object_ids: [1, 2, 3],
        is_pinned: true,
        expiry_date: future(),
      });
      expect(many.status).toBe(200);
      const rows = await server.database.db
        .select()
        .from(pins)
        .where(and(eq(pins.content_type, 'book'), eq(pins.is_pinned, true)));
      expect(rows).toHaveLength(3);
      const page = await call('PATCH', '/v1/teacher/students/pin/', teacher, { ids: [amara], action: 'pin', expiry_date: future() });
      expect(page.status).toBe(200);
    });

    it('needs an expiry to pin, and refuses students, other schools and other roles', async () => {
      expect((await call('POST', '/content/pin/', teacher, { content_type: 'student', object_id: amara, is_pinned: true })).status).toBe(
        400,
      );
      expect((await call('POST', '/content/pin/', teacher, { content_type: 'poem', object_id: amara, is_pinned: false })).status).toBe(400);
      const past = await call('POST', '/content/pin/', teacher, {
        content_type: 'student',
        object_id: amara,
        is_pinned: true,
        expiry_date: '2020-01-01T00:00:00Z',
      });
      expect(past.status).toBe(400);
      expect((await call('POST', '/content/pin/', student, { content_type: 'student', object_id: amara, is_pinned: false })).status).toBe(
        403,
      );
      expect(
        (await call('POST', '/content/pins/bulk/', teacher, { content_type: 'student', object_ids: [hillStudent], is_pinned: false }))
          .status,
      ).toBe(404);
      expect((await call('PATCH', '/v1/teacher/students/pin/', hillTeacher, { ids: [amara], action: 'unpin' }, HILLSIDE)).status).toBe(404);
      expect(
        (await call('POST', '/organization/content/pin/', teacher, { content_type: 'book', content_share_id: 1, is_pinned: false })).status,
      ).toBe(403);
      expect(
        (await call('POST', '/organization/content/bulk-pin/', head, { content_type: 'book', content_share_ids: [1], is_pinned: false }))
          .status,
      ).toBe(403);
    });
  });
});
