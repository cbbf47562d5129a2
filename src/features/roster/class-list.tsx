// The classes a teacher or admin manages, as cards (Teacher Dashboard) or a list (Manage Classes,
// the school admin's Classes), each opening its class details. The link is the caller's: the
// dashboard and the school admin area open class details at different addresses.
import type { ReactNode } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import type { ClassRecord } from '@/data/db';
import { useClasses, useRosterRefresh, useStudents } from './use-roster';
import './roster.css';

/** The class's counts in words; `no_of_books` (the spec's name) counts the class's stories. */
function Counts({ students, stories }: { students: number; stories: number }) {
  return (
    <Trans>
      <Plural value={students} one="# student" other="# students" /> · <Plural value={stories} one="# story" other="# stories" />
    </Trans>
  );
}

export type ClassLink = (cls: ClassRecord, children: ReactNode) => ReactNode;

function useCounts() {
  const students = useStudents();
  const counts = new Map<number, number>();
  for (const s of students ?? []) if (!s.archived && s.class_id !== null) counts.set(s.class_id, (counts.get(s.class_id) ?? 0) + 1);
  return (cls: ClassRecord) => (students?.length ? (counts.get(cls.id) ?? 0) : cls.no_of_students);
}

/** `nested`: the list is a part of a page with its own title (the school dashboard), so its title is a h2. */
export function ClassList({
  link,
  title,
  cards = false,
  nested = false,
}: {
  link: ClassLink;
  title: string;
  cards?: boolean;
  nested?: boolean;
}) {
  const [Title, CardTitle] = nested ? (['h2', 'h3'] as const) : (['h1', 'h2'] as const);
  const load = useRosterRefresh();
  const classes = useClasses();
  const count = useCounts();
  if (!classes) return null;
  return (
    <section className="page roster-page" aria-labelledby="classes-title">
      <Title id="classes-title">{title}</Title>
      {classes.length === 0 ? (
        <p>{load === 'loading' ? <Trans>Loading your classes…</Trans> : <Trans>There are no classes yet.</Trans>}</p>
      ) : null}
      {cards ? (
        <ul className="class-cards">
          {classes.map((c) => (
            <li key={c.id} className="class-card" style={{ borderTopColor: c.class_theme }}>
              <CardTitle>{link(c, c.name)}</CardTitle>
              <p>
                <ClassCode code={c.class_id} />
              </p>
              <p>
                <Counts students={count(c)} stories={c.no_of_books} />
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <div className="roster-table-wrap">
          <table className="roster-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Class</Trans>
                </th>
                <th scope="col">
                  <Trans>Class code</Trans>
                </th>
                <th scope="col">
                  <Trans>Teacher</Trans>
                </th>
                <th scope="col">
                  <Trans>Students</Trans>
                </th>
                <th scope="col">
                  <Trans>Stories</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {classes.map((c) => (
                <tr key={c.id}>
                  <td>{link(c, c.name)}</td>
                  <td>{c.class_id}</td>
                  <td>{c.assigned_teacher ? `${c.assigned_teacher.first_name} ${c.assigned_teacher.last_name}` : '—'}</td>
                  <td>{count(c)}</td>
                  <td>{c.no_of_books}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ClassCode({ code }: { code: string }) {
  return (
    <Trans>
      Class code <strong>{code}</strong>
    </Trans>
  );
}
