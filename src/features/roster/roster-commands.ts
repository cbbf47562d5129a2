// Roster commands: every change a teacher makes to students is applied to the
// device's tables and queued for the server in one step (recordChange), so it works offline.
// New students appear at once with temporary (negative) ids, marked not yet synced; once the server
// has accepted them, the next pull brings the server's rows and the temporary ones give way.
import { msg, plural, t } from '@lingui/core/macro';
import { i18n } from '@/i18n/i18n';
import { pinDuration } from '@/ui/pin-duration';
import { db, type ClassRecord, type LocalOp, type OutboxFile, type StudentRecord } from '@/data/db';
import type { PrivacyPreference } from '@/contract/domain';
import { ROSTER_MSG } from '@/contract/messages';
import { pinExpiry, type PinUnit, type StudentName } from '@/contract/roster';
import { recordChange } from '@/sync/outbox';

export class RosterError extends Error {}

/** A student the server knows by this id (not a temporary row of a bulk add or CSV import). */
export const onServer = (s: StudentRecord) => s.id > 0 && !s.pending;

const studentKeys = (ids: number[]) => ids.map((id) => `students:${id}`);
const putStudents = (rows: StudentRecord[]): LocalOp[] => rows.map((row) => ({ op: 'put', table: 'students', row }));

let lastTemporary = 0;
/** Negative ids the server never uses, increasing in creation order. */
function temporaryIds(n: number): number[] {
  const base = Math.max(Date.now() * 1000, lastTemporary + 1);
  lastTemporary = base + n;
  return Array.from({ length: n }, (_, i) => -(base + i));
}

function pendingStudents(cls: ClassRecord, names: StudentName[]): StudentRecord[] {
  const now = new Date().toISOString();
  return temporaryIds(names.length).map((id, i) => ({
    id,
    first_name: names[i]!.first_name,
    last_name: names[i]!.last_name,
    username: '',
    email: null,
    privacy_preference: 'private',
    class_id: cls.id,
    archived: false,
    is_featured: false,
    pending: true,
    no_of_books: 0,
    date_joined: now,
    last_login: null,
    updated_at: now,
  }));
}

async function addStudentsLocally(
  cls: ClassRecord,
  names: StudentName[],
  request: { label: string; path: string; body?: unknown; files?: OutboxFile[]; kind: string },
) {
  const rows = pendingStudents(cls, names);
  const original = await db.classes.get(cls.id);
  await recordChange(
    [db.students, db.classes],
    async () => {
      await db.students.bulkAdd(rows);
      if (original) await db.classes.put({ ...original, no_of_students: original.no_of_students + rows.length });
    },
    {
      kind: request.kind,
      label: request.label,
      method: 'POST',
      path: request.path,
      body: request.body,
      files: request.files,
      entityKeys: [`classes:${cls.id}`, ...studentKeys(rows.map((r) => r.id))],
      undo: [
        ...rows.map((r): LocalOp => ({ op: 'delete', table: 'students', key: r.id })),
        ...(original ? [{ op: 'put', table: 'classes', row: original } as LocalOp] : []),
      ],
      // Accepted: no longer "not yet synced"; the rows stay (so the class count never dips) until
      // the next pull brings the server's rows and drops these (dropReplacedStudents).
      onSuccess: putStudents(rows.map((r) => ({ ...r, pending: false }))),
    },
  );
  return rows;
}

export async function bulkAddStudents(cls: ClassRecord, names: StudentName[]) {
  if (!names.length) throw new RosterError(ROSTER_MSG.addAtLeastOne);
  const className = cls.name;
  return addStudentsLocally(cls, names, {
    kind: 'roster.bulk-add',
    label: t`Add ${plural(names.length, { one: '# student', other: '# students' })} to ${className}`,
    path: `/class/${cls.id}/bulk-add-students/`,
    body: names,
  });
}

/** Queues the CSV file itself (uploaded when online); its names show at once as pending rows. */
export function uploadStudentsCsv(cls: ClassRecord, file: { name: string; type: string; data: ArrayBuffer }, names: StudentName[]) {
  const fileName = file.name;
  const className = cls.name;
  return addStudentsLocally(cls, names, {
    kind: 'roster.csv',
    label: t`Upload ${fileName} to ${className}`,
    path: `/add-bulk-student-without-mail-to-class/${cls.id}/`,
    body: {},
    files: [{ field: 'file', name: file.name, type: file.type || 'text/csv', data: file.data }],
  });
}

/** Changes local students and queues one request for all of them. */
async function changeStudents(
  students: StudentRecord[],
  patch: (s: StudentRecord) => StudentRecord,
  request: { kind: string; label: string; method: 'PUT' | 'PATCH' | 'POST'; path: string; body: unknown },
) {
  const synced = students.filter(onServer);
  if (!synced.length) throw new RosterError(t`These students are not saved on the server yet. Try again once they are synced.`);
  const changed = synced.map(patch);
  await recordChange([db.students], () => db.students.bulkPut(changed), {
    ...request,
    entityKeys: studentKeys(synced.map((s) => s.id)),
    undo: putStudents(synced),
  });
}

export interface StudentEdit {
  first_name: string;
  last_name: string;
  password: string;
  privacy_preference: PrivacyPreference;
}

export async function editStudent(student: StudentRecord, edit: StudentEdit) {
  const name = `${edit.first_name} ${edit.last_name}`;
  await changeStudents(
    [student],
    (s) => ({ ...s, first_name: edit.first_name, last_name: edit.last_name, privacy_preference: edit.privacy_preference }),
    {
      kind: 'roster.edit',
      label: t`Edit ${name}`,
      method: 'PUT',
      path: `/manage_student/${student.id}/`,
      body: edit,
    },
  );
  await db.logins.update(student.id, { first_name: edit.first_name, last_name: edit.last_name, password: edit.password });
}

export async function changePrivacy(student: StudentRecord, privacy: PrivacyPreference) {
  if (student.privacy_preference === privacy) throw new RosterError(ROSTER_MSG.privacySame);
  const name = `${student.first_name} ${student.last_name}`;
  const preference = privacyWord(privacy);
  await changeStudents([student], (s) => ({ ...s, privacy_preference: privacy }), {
    kind: 'roster.privacy',
    label: t`Privacy of ${name}: ${preference}`,
    method: 'PUT',
    path: `/student-privacy-update/${student.id}/`,
    body: { privacy_preference: privacy },
  });
}

export async function changePassword(student: StudentRecord, password: string) {
  const name = `${student.first_name} ${student.last_name}`;
  await changeStudents([student], (s) => s, {
    kind: 'roster.password',
    label: t`New password for ${name}`,
    method: 'PUT',
    path: `/change-password/${student.id}/`,
    body: { new_password: password },
  });
  await db.logins.update(student.id, { password });
}

export function bulkPrivacy(students: StudentRecord[], privacy: PrivacyPreference) {
  const preference = privacyWord(privacy);
  return changeStudents(students, (s) => ({ ...s, privacy_preference: privacy }), {
    kind: 'roster.bulk-privacy',
    label: t`Privacy of ${plural(students.length, { one: '# student', other: '# students' })}: ${preference}`,
    method: 'PATCH',
    path: '/v1/students/profile/change-privacy/',
    body: { ids: students.filter(onServer).map((s) => s.id), privacy_preference: privacy },
  });
}

export function bulkFeature(students: StudentRecord[], feature: boolean) {
  return changeStudents(students, (s) => ({ ...s, is_featured: feature }), {
    kind: 'roster.feature',
    label: feature
      ? t`Feature ${plural(students.length, { one: '# student', other: '# students' })}`
      : t`Unfeature ${plural(students.length, { one: '# student', other: '# students' })}`,
    method: 'PATCH',
    path: '/v1/teacher/students/blogs/feature/',
    body: { ids: students.filter(onServer).map((s) => s.id), action: feature ? 'feature' : 'unfeature' },
  });
}

export function archiveStudents(students: StudentRecord[]) {
  return changeStudents(students, (s) => ({ ...s, archived: true }), {
    kind: 'roster.archive',
    label: t`Archive ${plural(students.length, { one: '# student', other: '# students' })}`,
    method: 'POST',
    path: '/v1/students/archive/',
    body: { student_ids: students.filter(onServer).map((s) => s.id) },
  });
}

export function transferStudents(students: StudentRecord[], target: ClassRecord) {
  const className = target.name;
  return changeStudents(students, (s) => ({ ...s, archived: false, class_id: target.id }), {
    kind: 'roster.transfer',
    label: t`Transfer ${plural(students.length, { one: '# student', other: '# students' })} to ${className}`,
    method: 'POST',
    path: '/v1/students/transfer/',
    body: { student_ids: students.filter(onServer).map((s) => s.id), class_id: target.id },
  });
}

/** Pins students until now plus a duration, or unpins them. */
export function pinStudents(students: StudentRecord[], pin: { duration: number; unit: PinUnit } | null, now = new Date()) {
  const expiry = pin ? pinExpiry(now, pin.duration, pin.unit).toISOString() : null;
  const ids = students.filter(onServer).map((s) => s.id);
  const body =
    ids.length === 1
      ? { content_type: 'student', object_id: ids[0], is_pinned: !!pin, expiry_date: expiry }
      : { content_type: 'student', object_ids: ids, is_pinned: !!pin, expiry_date: expiry };
  const duration = pin ? pinDuration(pin.duration, pin.unit) : '';
  return changeStudents(students, (s) => ({ ...s, pinned_until: expiry }), {
    kind: 'roster.pin',
    label: pin
      ? t`Pin ${plural(students.length, { one: '# student', other: '# students' })} for ${duration}`
      : t`Unpin ${plural(students.length, { one: '# student', other: '# students' })}`,
    method: 'POST',
    path: ids.length === 1 ? '/content/pin/' : '/content/pins/bulk/',
    body,
  });
}

const PRIVACY_WORDS = { public: msg`public`, private: msg`private`, community: msg`community` } as const;
/** A privacy preference in the words of the moment it is queued (the sync panel shows it later). */
const privacyWord = (p: PrivacyPreference) => i18n._(PRIVACY_WORDS[p]);
