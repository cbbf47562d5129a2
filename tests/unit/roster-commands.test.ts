// Roster commands on the device: each change shows locally at once and is queued for the server
// in the same step; discarding it rolls the local change back; new students stay marked as not
// yet synced until the server accepts them, then give way to the server's rows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, type ClassRecord, type StudentRecord } from '@/data/db';
import { startDeviceSession } from '@/sync/device-session';
import { drain } from '@/sync/engine';
import { discardEntry } from '@/sync/outbox';
import { dropReplacedStudents } from '@/features/roster/roster-sync';
import {
  archiveStudents,
  bulkAddStudents,
  changePrivacy,
  pinStudents,
  RosterError,
  transferStudents,
  uploadStudentsCsv,
} from '@/features/roster/roster-commands';

const robins: ClassRecord = {
  id: 7,
  class_id: 'ROBINS4',
  name: 'Year 4 Robins',
  class_theme: '#11365A',
  assigned_teacher: null,
  no_of_students: 1,
  no_of_books: 0,
  updated_at: '2026-09-01T00:00:00.000000Z',
};
const amara: StudentRecord = {
  id: 21,
  first_name: 'Amara',
  last_name: 'Okafor',
  username: 'amara.okafor',
  email: null,
  privacy_preference: 'private',
  class_id: 7,
  archived: false,
  no_of_books: 0,
  date_joined: '2026-09-01T08:00:00.000Z',
  last_login: null,
  updated_at: '2026-09-01T00:00:00.000000Z',
};

beforeEach(async () => {
  await db.open();
  await startDeviceSession({ ownerId: 5, tenant: 'greenfield', refresh: 'r', access: 'a' });
  await db.classes.put(robins);
  await db.students.put(amara);
});
afterEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('roster commands', () => {
  it('bulk add shows pending students at once and queues the names', async () => {
    await bulkAddStudents(robins, [
      { first_name: 'Nia', last_name: 'Long' },
      { first_name: 'Kai', last_name: '' },
    ]);
    const rows = await db.students.where('class_id').equals(7).toArray();
    expect(
      rows
        .filter((r) => r.pending)
        .map((r) => r.first_name)
        .sort(),
    ).toEqual(['Kai', 'Nia']);
    expect(rows.filter((r) => r.pending).every((r) => r.id < 0)).toBe(true);
    expect((await db.classes.get(7))!.no_of_students).toBe(3);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/class/7/bulk-add-students/',
      body: [
        { first_name: 'Nia', last_name: 'Long' },
        { first_name: 'Kai', last_name: '' },
      ],
    });
    await discardEntry(entry!.id);
    expect(await db.students.count()).toBe(1);
    expect((await db.classes.get(7))!.no_of_students).toBe(1);
  });

  it('refuses an empty bulk add', async () => {
    await expect(bulkAddStudents(robins, [])).rejects.toThrow('Please add at least one student');
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the new rows once the server accepts them, no longer pending, until a pull replaces them', async () => {
    await bulkAddStudents(robins, [{ first_name: 'Nia', last_name: 'Long' }]);
    const seen: Request[] = [];
    const report = await drain({
      db,
      fetch: async (req) => {
        seen.push(req);
        return Response.json({ message: 'Students added successfully!' });
      },
      baseUrl: 'http://device/api',
      now: () => Date.now(),
      random: () => 0.5,
      isOnline: () => true,
    });
    expect(report.sent).toBe(1);
    expect(seen[0]!.headers.get('Idempotency-Key')).toEqual(expect.any(String));
    expect(await db.students.filter((s) => !!s.pending).count()).toBe(0);
    expect(await db.students.where('id').below(0).count()).toBe(1);
    expect((await db.classes.get(7))!.no_of_students).toBe(2);
    await dropReplacedStudents();
    expect(await db.students.where('id').below(0).count()).toBe(0);
  });

  it('keeps the rows of a bulk add that is still queued when a pull runs', async () => {
    await bulkAddStudents(robins, [{ first_name: 'Nia', last_name: 'Long' }]);
    await dropReplacedStudents();
    expect(await db.students.filter((s) => !!s.pending).count()).toBe(1);
  });

  it('queues a CSV file as bytes, sent as multipart', async () => {
    const data = new TextEncoder().encode('first_name,last_name\nOla,Nordmann\n').buffer as ArrayBuffer;
    await uploadStudentsCsv(robins, { name: 'class.csv', type: 'text/csv', data }, [{ first_name: 'Ola', last_name: 'Nordmann' }]);
    const [entry] = await db.outbox.toArray();
    expect(entry!.files).toHaveLength(1);
    expect(entry!.files[0]).toMatchObject({ field: 'file', name: 'class.csv' });
    expect(new TextDecoder().decode(entry!.files[0]!.data)).toContain('Ola,Nordmann');
    expect(await db.students.filter((s) => !!s.pending).count()).toBe(1);
  });

  it('refuses a same-value privacy change, and applies a real one', async () => {
    await expect(changePrivacy(amara, 'private')).rejects.toThrow('Invalid privacy preference transition.');
    await changePrivacy(amara, 'public');
    expect((await db.students.get(21))!.privacy_preference).toBe('public');
    expect((await db.outbox.toArray())[0]).toMatchObject({
      method: 'PUT',
      path: '/student-privacy-update/21/',
      body: { privacy_preference: 'public' },
      entity_keys: ['students:21'],
    });
  });

  it('archives, transfers and pins, each undoable', async () => {
    await archiveStudents([amara]);
    expect((await db.students.get(21))!.archived).toBe(true);
    await transferStudents([{ ...amara, archived: true }], { ...robins, id: 8, name: 'Owls' });
    expect(await db.students.get(21)).toMatchObject({ archived: false, class_id: 8 });
    const now = new Date('2026-10-01T10:00:00Z');
    await pinStudents([amara], { duration: 2, unit: 'hours' }, now);
    expect((await db.students.get(21))!.pinned_until).toBe('2026-10-01T12:00:00.000Z');
    const entries = await db.outbox.orderBy('created_at').toArray();
    expect(entries.map((e) => e.path)).toEqual(['/v1/students/archive/', '/v1/students/transfer/', '/content/pin/']);
    for (const e of entries.reverse()) await discardEntry(e.id);
    expect(await db.students.get(21)).toEqual(amara);
  });

  it('will not change students that are not on the server yet', async () => {
    const [pending] = await bulkAddStudents(robins, [{ first_name: 'Nia', last_name: 'Long' }]);
    await expect(archiveStudents([pending!])).rejects.toBeInstanceOf(RosterError);
  });
});
