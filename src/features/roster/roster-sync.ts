// The roster on the device: the classes and students a teacher or admin may manage, pulled into
// Dexie by change cursor (one per signed-in user, so a second teacher on the tablet starts
// afresh), live pins on students, and every class's login details for printing cards offline.
import { getJson } from '@/api/client';
import type { components } from '@/api/schema';
import { session } from '@/api/session';
import { db, type ClassRecord, type LoginInfoRecord, type StudentRecord } from '@/data/db';
import { pullTable, resetCursor, writeAroundQueued, type PullPage } from '@/sync/pull';

type ClassRow = components['schemas']['Class'];
type StudentRow = components['schemas']['Student'];
type LoginRow = components['schemas']['StudentLoginInfo'];
type PinRow = components['schemas']['Pin'];

const ROSTER_ROLES = new Set(['teacher', 'teacher_admin', 'school_admin', 'organization_admin']);
const ADMIN_ROLES = new Set(['school_admin', 'organization_admin', 'teacher_admin']);
/** The first page of a change-ordered pull starts before any roster existed. */
const BEGINNING = '1970-01-01T00:00:00Z';

export function canManageRoster(role: string | undefined): boolean {
  return !!role && ROSTER_ROLES.has(role);
}

export function toClassRecord(row: ClassRow): ClassRecord {
  return { ...row };
}

export function toStudentRecord(row: StudentRow): StudentRecord {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    username: row.username,
    email: row.email,
    privacy_preference: row.privacy_preference,
    class_id: row.class_id,
    archived: row.archived,
    is_featured: row.is_featured,
    no_of_books: row.no_of_books,
    date_joined: row.date_joined,
    last_login: row.last_login,
    updated_at: row.updated_at,
  };
}

const since = (cursor: string | null) => encodeURIComponent(cursor ?? BEGINNING);

/**
 * Pulls this user's classes and students; answers how many rows changed. With `logins` (the
 * app's background refresh does this) every class's login details are cached too.
 */
export async function syncRoster({ logins = true }: { logins?: boolean } = {}): Promise<number> {
  const user = session.user();
  if (!user || !canManageRoster(user.role)) return 0;
  const classCursor = `classes:${user.id}`;
  const studentCursor = `students:${user.id}`;
  // Tables wiped at sign-out: start both cursors from the beginning again.
  if ((await db.classes.count()) === 0) await Promise.all([resetCursor(db, classCursor), resetCursor(db, studentCursor)]);
  const classPath = ADMIN_ROLES.has(user.role) ? '/v1/school-classes/' : '/v1/teacher/school-classes/';
  const classes = await pullTable<ClassRow>(db, {
    name: classCursor,
    table: 'classes',
    fetchPage: (cursor) => getJson<PullPage<ClassRow>>(`${classPath}?limit=500&updated_since=${since(cursor)}`),
    isDeleted: () => false,
    toRecord: toClassRecord,
  });
  const students = await pullTable<StudentRow>(db, {
    name: studentCursor,
    table: 'students',
    fetchPage: (cursor) => getJson<PullPage<StudentRow>>(`/api-admin/student/?limit=1000&updated_since=${since(cursor)}`),
    isDeleted: (row) => row.deleted,
    toRecord: toStudentRecord,
  });
  await dropReplacedStudents();
  await syncStudentPins();
  if (logins) await cacheLoginInfo();
  return classes + students;
}

/**
 * Login details of every class, so the teacher can print cards with no network later; and the
 * shaper and fonts the cards' names need, fetched in the background (a failure there only means
 * they are fetched when the cards are made).
 */
async function cacheLoginInfo(): Promise<void> {
  for (const cls of await db.classes.toArray()) await syncLoginInfo(cls.id);
  const names = (await db.logins.toArray()).map((login) => `${login.first_name} ${login.last_name}`);
  import('@/ui/pdf-tools')
    .then(({ keepPdfTools }) => keepPdfTools(names))
    .catch((err: unknown) => console.warn('the PDF fonts could not be kept for offline use', err));
}

/**
 * Temporary rows (negative ids) of students the server has accepted: after a pull the server's
 * own rows are here, so these go. Rows whose change is still queued stay.
 */
export async function dropReplacedStudents(): Promise<void> {
  await writeAroundQueued(db, [db.students], 'students', async (queued) => {
    const temporary = await db.students.where('id').below(0).primaryKeys();
    await db.students.bulkDelete(temporary.filter((id) => !queued.has(String(id))));
  });
}

/** Marks which local students are pinned, and until when. */
export async function syncStudentPins(): Promise<void> {
  const { results } = await getJson<{ results: PinRow[] }>('/content/pins/?content_type=student');
  const until = new Map(results.map((p) => [p.object_id, p.expiry_date]));
  // A pin still waiting to be sent keeps its local state, as pull sync does for every row.
  await writeAroundQueued(db, [db.students], 'students', async (mine) => {
    const changed = (await db.students.toArray()).filter(
      (s) => !mine.has(String(s.id)) && (s.pinned_until ?? null) !== (until.get(s.id) ?? null),
    );
    await db.students.bulkPut(changed.map((s) => ({ ...s, pinned_until: until.get(s.id) ?? null })));
  });
}

/** Fetches and caches a class's login details (so cards print offline later). */
export async function syncLoginInfo(classId: number): Promise<LoginInfoRecord[]> {
  const { results } = await getJson<{ results: LoginRow[] }>(`/v1/teacher/student-login-info/${classId}/?limit=2000`);
  const rows = results.map((r) => ({ ...r, class_id: classId }));
  await db.transaction('rw', [db.logins], async () => {
    await db.logins.where('class_id').equals(classId).delete();
    await db.logins.bulkPut(rows);
  });
  return rows;
}

/** A class's login details: fresh when online, else the cached copy. */
export async function loginInfoFor(classId: number): Promise<LoginInfoRecord[]> {
  if (navigator.onLine) {
    try {
      return await syncLoginInfo(classId);
    } catch (err) {
      console.warn('login details could not be refreshed; using the saved copy', err);
    }
  }
  return db.logins.where('class_id').equals(classId).toArray();
}
