// Class details (/admin-school/classdetails/?id=&class_id=, or a teacher's View Class): the class's
// name and code (with a copy button), its counts, Add Students, Download Class Login and the
// student table. Reads the device, so it opens offline with the last known roster; login cards
// print from the cached login details.
import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ClassRecord, StudentRecord } from '@/data/db';
import { ROSTER_MSG } from '@/contract/messages';
import { toast } from '@/ui/toast';
import { AddStudentsDialog } from './add-students-dialog';
import { loginInfoFor } from './roster-sync';
import { StudentTable, type StudentLink } from './student-table';
import { useClass, useClasses, useRosterRefresh, useStudents } from './use-roster';
import './roster.css';
import { compareText, formatNumber } from '@/ui/format';
import { useKnown } from '@/i18n/known';

async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast('success', ROSTER_MSG.classCodeCopied);
  } catch {
    toast('error', ROSTER_MSG.classCodeCopyFailed);
  }
}

/**
 * The class's login cards; answers the students left off them: a child added on this device and
 * not yet sent has no password yet (the server makes it), and one whose login details have not
 * reached this device has none here either. The screen names them and says why.
 */
async function downloadLogins(cls: ClassRecord, students: StudentRecord[]): Promise<StudentRecord[]> {
  try {
    const cards = await loginInfoFor(cls.id);
    const carded = new Set(cards.map((c) => c.id));
    const leftOut = students.filter((s) => !carded.has(s.id));
    if (!cards.length) {
      if (leftOut.length) return leftOut;
      throw new Error(ROSTER_MSG.loginInfoFailed);
    }
    const { downloadClassLogin } = await import('./login-cards');
    // Awaited: a PDF that cannot be made (a font that cannot be fetched) is told below, not lost.
    await downloadClassLogin(
      cls.name,
      cards.sort((a, b) => compareText(a.first_name, b.first_name) || compareText(a.last_name, b.last_name)),
    );
    return leftOut;
  } catch (err) {
    console.warn('login cards failed', err);
    toast('error', err instanceof Error && err.message ? err.message : ROSTER_MSG.loginInfoFailed);
    return [];
  }
}

const names = (list: StudentRecord[]) => list.map((s) => `${s.first_name} ${s.last_name}`.trim()).join(', ');

/** Who is not on the login cards just made, and why. */
function LeftOffCards({ students }: { students: StudentRecord[] }) {
  const unsent = students.filter((s) => s.pending);
  const elsewhere = students.filter((s) => !s.pending);
  const unsentNames = names(unsent);
  const elsewhereNames = names(elsewhere);
  return (
    <div className="notice notice-warning" role="status" data-testid="left-off-cards">
      {unsent.length ? (
        <p>
          <Trans>
            Not on the login cards: {unsentNames}.{' '}
            <Plural
              value={unsent.length}
              one="This student was added on this device and is not sent yet, so the school has not made a password yet."
              other="These students were added on this device and are not sent yet, so the school has not made their passwords yet."
            />{' '}
            Download the class login again once this device is back online.
          </Trans>
        </p>
      ) : null}
      {elsewhere.length ? (
        <p>
          <Trans>
            Not on the login cards: {elsewhereNames}. Their login details are not on this device yet. Download the class login again once
            this device is back online.
          </Trans>
        </p>
      ) : null}
    </div>
  );
}

export function ClassDetails({ classId, profileLink }: { classId: number | undefined; profileLink?: StudentLink }) {
  const load = useRosterRefresh();
  const cls = useClass(classId);
  const students = useStudents(classId ?? -1);
  const classes = useClasses();
  const [adding, setAdding] = useState(false);
  const [leftOff, setLeftOff] = useState<StudentRecord[]>([]);
  const { t } = useLingui();
  const known = useKnown();

  if (cls === undefined || students === undefined || classes === undefined || (cls === null && load === 'loading')) {
    return (
      <p className="roster-muted">
        <Trans>Loading the class…</Trans>
      </p>
    );
  }
  if (cls === null) {
    return (
      <section className="page roster-page">
        <h1>{known(ROSTER_MSG.classNotFound)}</h1>
        {load === 'failed' ? <p className="roster-error">{known(ROSTER_MSG.classLoadFailed)}</p> : null}
      </section>
    );
  }
  const current = students.filter((s) => !s.archived);
  const pending = current.filter((s) => s.pending).length;
  const code = cls.class_id;
  const loadFailed = known(ROSTER_MSG.classLoadFailed);

  return (
    <section className="page roster-page" aria-labelledby="class-title">
      <header className="class-head" style={{ borderTopColor: cls.class_theme }}>
        <div>
          <h1 id="class-title">{cls.name}</h1>
          <p className="class-code">
            <Trans>
              Class code <strong>{code}</strong>
            </Trans>
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => void copyCode(cls.class_id)}
              aria-label={t`Copy class code ${code}`}
            >
              <Trans>Copy</Trans>
            </button>
          </p>
        </div>
        <dl className="class-counts">
          <div>
            <dt>
              <Trans>Students</Trans>
            </dt>
            <dd data-testid="student-count">{formatNumber(current.length)}</dd>
          </div>
          <div>
            {/* no_of_books counts the class's stories today (the server's roster query). */}
            <dt>
              <Trans>Stories</Trans>
            </dt>
            <dd>{formatNumber(cls.no_of_books)}</dd>
          </div>
        </dl>
        <div className="class-actions">
          <button type="button" className="button" onClick={() => setAdding(true)}>
            <Trans>Add Students</Trans>
          </button>
          <button type="button" className="button button-secondary" onClick={() => void downloadLogins(cls, current).then(setLeftOff)}>
            <Trans>Download Class Login</Trans>
          </button>
        </div>
      </header>
      {leftOff.length ? <LeftOffCards students={leftOff} /> : null}
      {pending ? (
        <p className="roster-muted" role="status">
          <Plural
            value={pending}
            one="# new student is saved on this device and not yet synced."
            other="# new students are saved on this device and not yet synced."
          />
        </p>
      ) : null}
      {load === 'failed' ? (
        <p className="roster-muted">
          <Trans>{loadFailed}: showing the copy saved on this device.</Trans>
        </p>
      ) : null}
      <StudentTable students={students} classes={classes} profileLink={profileLink} />
      {adding ? <AddStudentsDialog cls={cls} onClose={() => setAdding(false)} /> : null}
    </section>
  );
}
