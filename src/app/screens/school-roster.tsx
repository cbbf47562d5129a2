// The school admin area's roster pages: dashboard and classes (class lists, with the way to create
// a class), students (the whole school), classdetails (?id=&class_id=, with the way to rename it or
// change its teacher) and studentprofile (?id=), all on the roster feature. Teachers are a list
// declaration (src/features/school-admin/resources/school.tsx).
import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { AllStudents } from '@/features/roster/all-students';
import { ClassDetails } from '@/features/roster/class-details';
import { ClassTablets } from '@/features/enrolment/class-tablets';
import { ClassStories } from '@/features/stories/story-lists';
import { ClassList, type ClassLink } from '@/features/roster/class-list';
import { StudentProfile } from '@/features/roster/student-profile';
import type { StudentLink } from '@/features/roster/student-table';
import { useRecordId } from '@/ui/admin/use-record-id';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { formatNumber, formatPrice } from '@/ui/format';

/** A link inside the area (its pages are built from a list, so their addresses are plain text). */
function AreaLink({ href, children }: { href: string; children: ReactNode }) {
  const router = useRouter();
  return (
    <a
      href={href}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}

const classDetails: ClassLink = (cls, children) => (
  <AreaLink href={`/admin-school/classdetails/?${new URLSearchParams({ id: String(cls.id), class_id: cls.class_id })}`}>
    {children}
  </AreaLink>
);

const studentProfile: StudentLink = (student, children) => (
  <AreaLink href={`/admin-school/studentprofile/?${new URLSearchParams({ id: String(student.id) })}`}>{children}</AreaLink>
);

/** ?id= wins; the optional path segment is the older address. */
const useIdParam = (param: 'classId' | 'userId') => useRecordId(param) ?? undefined;

/** The school at a glance, and what to set up next: classes, teachers, stories waiting, money in. */
function SchoolAtAGlance() {
  const overview = useRemote('overview', () => unwrap(api.GET('/api-school-admin/overview/')));
  const { t, i18n } = useLingui();
  if (overview.status !== 'succeeded') return null;
  const o = overview.data;
  const withoutTeacher = o.classes_without_teacher;
  const count = (n: number) => formatNumber(n);
  const total = (cents: number, n: number) => `${formatPrice(cents)} (${count(n)})`;
  const facts: [MessageDescriptor, string, string][] = [
    [msg`Classes`, count(o.classes), '/admin-school/classes'],
    [msg`Teachers`, count(o.teachers), '/admin-school/teachers'],
    [msg`Students`, count(o.students), '/admin-school/students'],
    [msg`Stories waiting for review`, count(o.stories_waiting), '/admin-school/stories'],
    [msg`Book sales`, total(o.sales_cents, o.sales), '/admin-school/books'],
    [msg`Donations`, total(o.donations_cents, o.donations), '/admin-school/donations'],
  ];
  return (
    <section className="page school-glance" aria-labelledby="glance-title">
      <h1 id="glance-title">
        <Trans>School dashboard</Trans>
      </h1>
      <ul className="class-cards">
        {facts.map(([label, value, href]) => (
          <li key={href} className="class-card">
            <AreaLink href={href}>{i18n._(label)}</AreaLink>
            <p className="glance-figure">{value}</p>
          </li>
        ))}
      </ul>
      <h2>
        <Trans>Set up your school</Trans>
      </h2>
      <ul>
        <li>
          <AreaLink href="/admin-school/classform">
            <Trans>Create a class</Trans>
          </AreaLink>
        </li>
        <li>
          <AreaLink href="/admin-school/teacher/new/profile">
            <Trans>Invite a teacher</Trans>
          </AreaLink>
        </li>
        {o.classes_without_teacher > 0 ? (
          <li>
            <AreaLink href="/admin-school/new-table?has_teacher=false">
              {t`${plural(withoutTeacher, {
                one: 'Give the class without a teacher its teacher',
                other: 'Give the # classes without a teacher their teachers',
              })}`}
            </AreaLink>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

export function SchoolDashboardScreen() {
  const { t } = useLingui();
  return (
    <>
      <SchoolAtAGlance />
      <ClassList title={t`Classes`} link={classDetails} cards nested />
    </>
  );
}

export function SchoolClassesScreen() {
  const { t } = useLingui();
  return (
    <>
      <p className="page-actions">
        <AreaLink href="/admin-school/classform">
          <Trans>Create a class</Trans>
        </AreaLink>
      </p>
      <ClassList title={t`Classes`} link={classDetails} />
    </>
  );
}

export function SchoolStudentsScreen() {
  return <AllStudents profileLink={studentProfile} />;
}

export function ClassDetailsScreen() {
  const classId = useIdParam('classId');
  return (
    <>
      {classId !== undefined ? (
        <p className="page-actions">
          <AreaLink href={`/admin-school/classform?id=${classId}`}>
            <Trans>Rename the class or change its teacher</Trans>
          </AreaLink>
        </p>
      ) : null}
      <ClassDetails classId={classId} profileLink={studentProfile} />
      {classId !== undefined ? <ClassTablets classId={classId} /> : null}
      {classId !== undefined ? <ClassStories classId={classId} /> : null}
    </>
  );
}

export function StudentProfileScreen() {
  return <StudentProfile studentId={useIdParam('userId')} />;
}
