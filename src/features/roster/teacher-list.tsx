// The school admin's Teachers page: the school's teachers as its classes name them, each with the
// classes they teach (from the roster on the device, so it opens offline).
import type { ClassLink } from './class-list';
import { useClasses, useRosterRefresh } from './use-roster';
import './roster.css';
import { compareText } from '@/ui/format';

export function TeacherList({ link }: { link: ClassLink }) {
  useRosterRefresh();
  const classes = useClasses();
  if (!classes) return null;
  const byTeacher = new Map<string, typeof classes>();
  for (const c of classes) {
    const name = c.assigned_teacher ? `${c.assigned_teacher.first_name} ${c.assigned_teacher.last_name}` : 'No teacher assigned';
    byTeacher.set(name, [...(byTeacher.get(name) ?? []), c]);
  }
  const teachers = [...byTeacher.entries()].sort(([a], [b]) => compareText(a, b));
  return (
    <section className="page roster-page" aria-labelledby="teachers-title">
      <h1 id="teachers-title">Teachers</h1>
      {teachers.length === 0 ? <p>There are no classes yet, so no teachers to show.</p> : null}
      <ul className="class-cards">
        {teachers.map(([name, taught]) => (
          <li key={name} className="class-card">
            <h2>{name}</h2>
            <ul>
              {taught.map((c) => (
                <li key={c.id}>
                  {link(c, c.name)} ({c.class_id})
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
