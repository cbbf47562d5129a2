// A student's profile (/admin-school/studentprofile?id=): who they are, their class and
// settings and class password (from the cached login details), with Edit.
import { useEffect, useState } from 'react';
import { ROSTER_MSG, ROSTER_OWN_MSG } from '@/contract/messages';
import { StudentPassword } from '@/contract/roster-forms';
import { EditStudentDialog, privacyLabel } from './edit-student-dialog';
import { withFeedback } from './feedback';
import { changePassword, onServer } from './roster-commands';
import { syncLoginInfo } from './roster-sync';
import { useClass, useLoginInfo, useRosterRefresh, useStudent } from './use-roster';
import './roster.css';
import { formatDate } from '@/ui/format';

export function StudentProfile({ studentId }: { studentId: number | undefined }) {
  const load = useRosterRefresh();
  const student = useStudent(studentId);
  const cls = useClass(student?.class_id ?? undefined);
  const [editing, setEditing] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const login = useLoginInfo(studentId);
  const classId = student?.class_id ?? null;
  useEffect(() => {
    if (classId !== null && navigator.onLine) syncLoginInfo(classId).catch((err) => console.warn('login details not refreshed', err));
  }, [classId]);
  if (student === undefined || (student === null && load === 'loading')) return <p className="roster-muted">Loading…</p>;
  if (student === null) {
    return (
      <section className="page roster-page">
        <h1>{ROSTER_MSG.studentMissing}</h1>
      </section>
    );
  }
  return (
    <section className="page roster-page" aria-labelledby="profile-title">
      <h1 id="profile-title">
        {student.first_name} {student.last_name}
      </h1>
      <dl className="profile-facts">
        <dt>Username</dt>
        <dd>{student.username || ROSTER_OWN_MSG.notSynced}</dd>
        <dt>Password</dt>
        <dd>{login?.password ?? '—'}</dd>
        <dt>Class</dt>
        <dd>{cls ? `${cls.name} (${cls.class_id})` : '—'}</dd>
        <dt>Privacy preference</dt>
        <dd>{privacyLabel(student.privacy_preference)}</dd>
        <dt>Books</dt>
        <dd>{student.no_of_books}</dd>
        <dt>Date joined</dt>
        <dd>{formatDate(student.date_joined)}</dd>
        <dt>Status</dt>
        <dd>{student.archived ? 'Archived' : 'Current'}</dd>
      </dl>
      {onServer(student) ? (
        <>
          <button type="button" className="button" onClick={() => setEditing(true)}>
            Edit student
          </button>
          <form
            className="roster-inline profile-password"
            noValidate
            onSubmit={async (e) => {
              e.preventDefault();
              const parsed = StudentPassword.safeParse(password);
              setPasswordError(parsed.success ? null : parsed.error.issues[0]!.message);
              if (
                parsed.success &&
                (await withFeedback(() => changePassword(student, parsed.data), ROSTER_MSG.studentUpdated, ROSTER_MSG.studentUpdateFailed))
              )
                setPassword('');
            }}
          >
            <label htmlFor="profile-password">New password</label>
            <input
              id="profile-password"
              type="text"
              autoComplete="off"
              value={password}
              aria-invalid={!!passwordError}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button type="submit" className="button button-small button-secondary">
              Change password
            </button>
            {passwordError ? <p className="roster-error">{passwordError}</p> : null}
          </form>
        </>
      ) : null}
      {editing ? <EditStudentDialog student={student} onClose={() => setEditing(false)} /> : null}
    </section>
  );
}
