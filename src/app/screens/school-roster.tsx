// The school admin area's roster pages: dashboard and classes (class lists), students (the whole
// school), teachers (with the classes they teach), classdetails (?id=&class_id=) and
// studentprofile (?id=), all on the roster feature.
import type { ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { AllStudents } from '@/features/roster/all-students';
import { ClassDetails } from '@/features/roster/class-details';
import { ClassStories } from '@/features/stories/story-lists';
import { ClassList, type ClassLink } from '@/features/roster/class-list';
import { StudentProfile } from '@/features/roster/student-profile';
import { TeacherList } from '@/features/roster/teacher-list';
import type { StudentLink } from '@/features/roster/student-table';
import { useRecordId } from '@/ui/admin/use-record-id';

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

export function SchoolDashboardScreen() {
  return <ClassList title="School dashboard" link={classDetails} cards />;
}

export function SchoolClassesScreen() {
  return <ClassList title="Classes" link={classDetails} />;
}

export function SchoolStudentsScreen() {
  return <AllStudents profileLink={studentProfile} />;
}

export function SchoolTeachersScreen() {
  return <TeacherList link={classDetails} />;
}

export function ClassDetailsScreen() {
  const classId = useIdParam('classId');
  return (
    <>
      <ClassDetails classId={classId} profileLink={studentProfile} />
      {classId !== undefined ? <ClassStories classId={classId} /> : null}
    </>
  );
}

export function StudentProfileScreen() {
  return <StudentProfile studentId={useIdParam('userId')} />;
}
