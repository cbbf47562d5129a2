// A student's profile (/admin-school/studentprofile?id=): who they are, their class and
// settings and class password (from the cached login details), with Edit.
import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { ROSTER_MSG, ROSTER_OWN_MSG } from '@/contract/messages';
import { StudentPassword } from '@/contract/roster-forms';
import { EditStudentDialog, usePrivacyLabel } from './edit-student-dialog';
import { withFeedback } from './feedback';
import { changePassword, onServer } from './roster-commands';
import { syncLoginInfo } from './roster-sync';
import { useClass, useLoginInfo, useRosterRefresh, useStudent } from './use-roster';
import './roster.css';
import { formatDate, formatNumber } from '@/ui/format';

export function StudentProfile({ studentId }: { studentId: number | undefined }) {
  const load = useRosterRefresh();
  const student = useStudent(studentId);
  const cls = useClass(student?.class_id ?? undefined);
  const [editing, setEditing] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const login = useLoginInfo(studentId);
  const classId = student?.class_id ?? null;
  const known = useKnown();
  const privacyName = usePrivacyLabel();
  useEffect(() => {
    if (classId !== null && navigator.onLine) syncLoginInfo(classId).catch((err) => console.warn('login details not refreshed', err));
  }, [classId]);
  if (student === undefined || (student === null && load === 'loading'))
    return (
      <p className="roster-muted">
        <Trans>Loading…</Trans>
      </p>
    );
  if (student === null) {
    return (
      <section className="page roster-page">
        <h1>{known(ROSTER_MSG.studentMissing)}</h1>
      </section>
    );
  }
  return (
    <section className="page roster-page" aria-labelledby="profile-title">
      <h1 id="profile-title">
        {student.first_name} {student.last_name}
      </h1>
      <dl className="profile-facts">
        <dt>
          <Trans>Username</Trans>
        </dt>
        <dd>{student.username || known(ROSTER_OWN_MSG.notSynced)}</dd>
        <dt>
          <Trans>Password</Trans>
        </dt>
        <dd>{login?.password ?? '—'}</dd>
        <dt>
          <Trans>Class</Trans>
        </dt>
        <dd>{cls ? `${cls.name} (${cls.class_id})` : '—'}</dd>
        <dt>
          <Trans>Privacy preference</Trans>
        </dt>
        <dd>{privacyName(student.privacy_preference)}</dd>
        <dt>
          <Trans>Books</Trans>
        </dt>
        <dd>{formatNumber(student.no_of_books)}</dd>
        <dt>
          <Trans>Date joined</Trans>
        </dt>
        <dd>{formatDate(student.date_joined)}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>{student.archived ? <Trans>Archived</Trans> : <Trans>Current</Trans>}</dd>
      </dl>
      {onServer(student) ? (
        <>
          <button type="button" className="button" onClick={() => setEditing(true)}>
            <Trans>Edit student</Trans>
          </button>
          <form
            className="roster-inline profile-password"
            noValidate
            onSubmit={async (e) => {
              e.preventDefault();
              const parsed = StudentPassword.safeParse(password);
              setPasswordError(parsed.success ? null : known(parsed.error.issues[0]!.message));
              if (
                parsed.success &&
                (await withFeedback(() => changePassword(student, parsed.data), ROSTER_MSG.studentUpdated, ROSTER_MSG.studentUpdateFailed))
              )
                setPassword('');
            }}
          >
            <label htmlFor="profile-password">
              <Trans>New password</Trans>
            </label>
            <input
              id="profile-password"
              type="text"
              autoComplete="off"
              value={password}
              aria-invalid={!!passwordError}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button type="submit" className="button button-small button-secondary">
              <Trans>Change password</Trans>
            </button>
            {passwordError ? <p className="roster-error">{passwordError}</p> : null}
          </form>
        </>
      ) : null}
      {editing ? <EditStudentDialog student={student} onClose={() => setEditing(false)} /> : null}
    </section>
  );
}
