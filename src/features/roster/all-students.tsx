// Every student of the school (the school admin's Students page), in the same table as a class.
import { Trans } from '@lingui/react/macro';
import { StudentTable, type StudentLink } from './student-table';
import { useClasses, useRosterRefresh, useStudents } from './use-roster';
import './roster.css';

export function AllStudents({ profileLink }: { profileLink?: StudentLink }) {
  useRosterRefresh();
  const students = useStudents();
  const classes = useClasses();
  if (!students || !classes) return null;
  return (
    <section className="page roster-page" aria-labelledby="students-title">
      <h1 id="students-title">
        <Trans>Students</Trans>
      </h1>
      <StudentTable students={students} classes={classes} showClass profileLink={profileLink} />
    </section>
  );
}
