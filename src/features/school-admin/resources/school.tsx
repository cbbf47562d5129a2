// The school area's own declarations (/admin-school): organizations (linked and inviting ones;
// accept or remove, school admins only), new-table (classes and teachers at a glance), a teacher's
// profile (names, role, classes; remove), the teachers list and inviting a teacher, creating a class
// and changing its name or teacher, a user's deactivate/reactivate,
// and the site's profile load and save. Users, payment history and the profile form reuse the
// platform panel's declarations: src/app/screens/admin-school.tsx composes them.
import { api, sendNow } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import { ADMIN_MSG } from '@/contract/messages';
import { registrationError } from '@/contract/registration';
import { ClassForm, SCHOOL_ADMIN_MSG, TeacherForm, TeacherInvite } from '@/contract/school-admin';
import { TENANT_COLOR_FIELDS } from '@/contract/tenant-colors';
import { AdminLink } from '@/ui/admin/admin-link';
import { sayOutcome } from '@/ui/admin/outcome';
import type { FormResource, ListResource, Option, SaveOutcome } from '@/ui/admin/resource';
import type { ShowResource } from '@/ui/admin/resource-show';
import { formParts, queueAdminWrite } from '@/ui/admin/write';
import { day, eachRow, number } from './shared';

type SchoolOrganization = components['schemas']['SchoolOrganization'];
type SchoolClass = components['schemas']['SchoolClassRow'];
type TeacherProfile = components['schemas']['TeacherProfile'];
type AdminUser = components['schemas']['AdminUser'];

const TEACHER_ROLE_OPTIONS: readonly Option[] = [
  ['teacher', 'Teacher'],
  ['teacher_admin', 'Teacher admin'],
];

// ---------------------------------------------------------------------------------------------
// organizations

function organizationWrite(o: SchoolOrganization, option: string) {
  const accept = option === 'accept';
  return queueAdminWrite({
    resource: 'schoolOrganizations',
    ids: [o.id],
    patch: accept ? { status: 'linked' } : {},
    kind: accept ? 'school-organization-accept' : 'school-organization-remove',
    label: `${accept ? 'Accept' : 'Remove'} the link to ${o.school_name}`,
    method: accept ? 'POST' : 'DELETE',
    path: accept ? `/api-school-admin/organizations/${o.id}/accept/` : `/api-school-admin/organizations/${o.id}/`,
    body: {},
  });
}

export const organizations: ListResource<SchoolOrganization> = {
  name: 'schoolOrganizations',
  title: 'Organizations',
  path: '/api-school-admin/organizations/',
  searchLabel: 'Search by name or email',
  dateLabel: 'Created',
  defaultSort: 'school_name',
  columns: [
    { key: 'school_name', header: 'Organization', sort: 'school_name' },
    { key: 'status', header: 'Link', cell: (o) => (o.status === 'linked' ? 'Linked' : 'Invitation waiting') },
    { key: 'school_email', header: 'Email' },
    { key: 'created_at', header: 'Created', sort: 'created_at', cell: (o) => day(o.created_at) },
  ],
  filters: [
    {
      key: 'status',
      label: 'Link',
      options: [
        ['linked', 'Linked'],
        ['invited', 'Invitation waiting'],
      ],
    },
  ],
  bulkActions: [
    {
      key: 'link',
      label: 'Link',
      options: [
        ['accept', 'Accept the invitation'],
        ['remove', 'Remove the link'],
      ],
      run: (rows, option) => eachRow(rows, (o) => organizationWrite(o, option)),
      done: 'Organizations updated.',
    },
  ],
  rowLabel: (o) => o.school_name,
};

// ---------------------------------------------------------------------------------------------
// new-table

const teacherHref = (id: number) => `/admin-school/teacher/${id}/profile`;

export const classesTable: ListResource<SchoolClass> = {
  name: 'schoolClasses',
  title: 'Classes and teachers',
  path: '/api-school-admin/classes/',
  searchLabel: 'Search by class, code or teacher',
  dateLabel: 'Created',
  defaultSort: 'name',
  columns: [
    { key: 'name', header: 'Class', sort: 'name' },
    { key: 'class_code', header: 'Code', sort: 'class_code' },
    {
      key: 'teacher_name',
      header: 'Teacher',
      cell: (k) =>
        k.teacher_id && k.teacher_name ? <AdminLink href={teacherHref(k.teacher_id)}>{k.teacher_name}</AdminLink> : 'No teacher assigned',
    },
    { key: 'students', header: 'Students', cell: (k) => number.format(k.students) },
    { key: 'stories', header: 'Stories', cell: (k) => number.format(k.stories) },
    { key: 'school_name', header: 'School' },
    { key: 'created_at', header: 'Created', sort: 'created_at', cell: (k) => day(k.created_at) },
  ],
  filters: [
    {
      key: 'has_teacher',
      label: 'Teacher',
      options: [
        ['true', 'Has a teacher'],
        ['false', 'No teacher assigned'],
      ],
    },
  ],
  rowHref: (k) => `/admin-school/classdetails?id=${k.id}&class_id=${encodeURIComponent(k.class_code)}`,
  rowLabel: (k) => k.name,
  create: { href: '/admin-school/classform', label: 'Create a class' },
};

// ---------------------------------------------------------------------------------------------
// teachers: every teacher and teacher admin of the school (those without a class too), and the
// way to invite one

const ROLE_WORDS: Record<string, string> = { teacher: 'Teacher', teacher_admin: 'Teacher admin' };

export const teachersTable: ListResource<AdminUser> = {
  name: 'schoolTeachers',
  title: 'Teachers',
  path: '/api-school-admin/users/',
  fixed: { teaching: 'true' },
  searchLabel: 'Search by name or email',
  dateLabel: 'Joined',
  defaultSort: 'first_name',
  columns: [
    { key: 'first_name', header: 'First name', sort: 'first_name' },
    { key: 'last_name', header: 'Last name', sort: 'last_name' },
    { key: 'email', header: 'Email', sort: 'email' },
    { key: 'role', header: 'Role', cell: (u) => ROLE_WORDS[u.role] ?? u.role },
    { key: 'is_active', header: 'Status', cell: (u) => (u.is_active ? 'Active' : 'Removed') },
    { key: 'last_login', header: 'Last sign-in', sort: 'last_login', cell: (u) => (u.last_login ? day(u.last_login) : 'Never') },
  ],
  filters: [
    {
      key: 'is_active',
      label: 'Status',
      options: [
        ['true', 'Active'],
        ['false', 'Removed'],
      ],
    },
  ],
  rowHref: (u) => teacherHref(u.id),
  rowLabel: (u) => `${u.first_name} ${u.last_name}`,
  create: { href: '/admin-school/teacher/new/profile', label: 'Invite a teacher' },
};

// ---------------------------------------------------------------------------------------------
// classform/{classId}: create a class, rename it or change its teacher

/** The school's active teachers, as the class form offers them. */
async function teacherChoices(): Promise<readonly Option[]> {
  const page = await unwrap(
    api.GET('/api-school-admin/users/', { params: { query: { teaching: 'true', is_active: 'true', ordering: 'first_name', limit: 100 } } }),
  );
  return [['', 'No teacher yet'], ...page.results.map((u): Option => [String(u.id), `${u.first_name} ${u.last_name}`])];
}

export const classForm: FormResource<typeof ClassForm> = {
  name: 'school-class',
  titles: { create: 'Create a class', edit: 'Edit class' },
  schema: ClassForm,
  fields: [
    { name: 'name', label: 'Class name', kind: 'text', autoComplete: 'off' },
    { name: 'teacher_id', label: 'Teacher', kind: 'select', options: teacherChoices },
  ],
  blank: { name: '', teacher_id: '' },
  load: async (id) => {
    const k = await unwrap(api.GET('/api-school-admin/classes/{id}/', { params: { path: { id } } }));
    return { name: k.name, teacher_id: k.teacher_id === null ? '' : String(k.teacher_id) };
  },
  save: (id, changed) =>
    queueAdminWrite({
      resource: 'schoolClasses',
      ids: id === null ? [] : [id],
      patch: changed,
      kind: id === null ? 'school-class-create' : 'school-class-update',
      label: id === null ? `Create the class ${String(changed.name ?? '')}` : `Update class ${id}`,
      method: id === null ? 'POST' : 'PATCH',
      path: id === null ? '/api-school-admin/classes/' : `/api-school-admin/classes/${id}/`,
      body: changed,
    }),
  messages: { created: SCHOOL_ADMIN_MSG.classCreated, updated: SCHOOL_ADMIN_MSG.classUpdated, failed: SCHOOL_ADMIN_MSG.classFailed },
  back: '/admin-school/classes',
};

// ---------------------------------------------------------------------------------------------
// teacher/{id}/profile

const loadTeacher = (id: number) => unwrap(api.GET('/api-school-admin/teachers/{id}/', { params: { path: { id } } }));

/** The school's classes of the teacher last loaded: the form's choices (loaded with the record). */
let classChoices: Promise<readonly Option[]> = Promise.resolve([]);

export const teacherForm: FormResource<typeof TeacherForm> = {
  name: 'teacher',
  titles: { create: 'Teacher', edit: 'Edit teacher' },
  schema: TeacherForm,
  fields: [
    { name: 'first_name', label: 'First name', kind: 'text', autoComplete: 'off' },
    { name: 'last_name', label: 'Last name', kind: 'text', autoComplete: 'off' },
    { name: 'role', label: 'Role', kind: 'select', options: TEACHER_ROLE_OPTIONS, placeholder: 'Choose a role' },
    {
      name: 'class_ids',
      label: 'Classes they teach',
      kind: 'checks',
      options: () => classChoices,
      empty: 'The school has no classes yet.',
    },
  ],
  blank: { first_name: '', last_name: '', role: 'teacher', class_ids: '' },
  load: async (id) => {
    const t = await loadTeacher(id);
    classChoices = Promise.resolve(
      t.class_options.map((k): Option => [
        String(k.id),
        `${k.name} (${k.class_code})${k.teacher_id && k.teacher_id !== id ? ': has a teacher' : ''}`,
      ]),
    );
    return { first_name: t.first_name, last_name: t.last_name, role: t.role, class_ids: t.classes.map((k) => k.id).join(',') };
  },
  save: (id, changed) =>
    queueAdminWrite({
      resource: 'teachers',
      ids: id === null ? [] : [id],
      patch: changed,
      kind: 'school-teacher-update',
      label: `Update teacher ${id}`,
      method: 'PATCH',
      path: `/api-school-admin/teachers/${id}/`,
      body: changed,
    }),
  messages: { created: SCHOOL_ADMIN_MSG.teacherUpdated, updated: SCHOOL_ADMIN_MSG.teacherUpdated, failed: SCHOOL_ADMIN_MSG.teacherFailed },
  back: '/admin-school/teachers',
};

/** Inviting a teacher by e-mail (POST /invitations/): sent at once, it needs the network. */
export const teacherInvite: FormResource<typeof TeacherInvite> = {
  name: 'teacher-invite',
  titles: { create: 'Invite a teacher', edit: 'Invite a teacher' },
  schema: TeacherInvite,
  fields: [
    { name: 'email', label: 'Email', kind: 'email', autoComplete: 'off' },
    { name: 'role', label: 'Role', kind: 'select', options: TEACHER_ROLE_OPTIONS, placeholder: 'Choose a role' },
  ],
  blank: { email: '', role: 'teacher' },
  load: () => Promise.resolve({ email: '', role: 'teacher' }),
  save: async (_id, changed): Promise<SaveOutcome> => {
    const answer = await sendNow('POST', '/invitations/', { ...changed, kind: 'user' });
    return answer.ok
      ? { status: 'sent' }
      : { status: 'failed', message: registrationError(answer.body, SCHOOL_ADMIN_MSG.invitationFailed) };
  },
  messages: { created: 'Invitation sent.', updated: 'Invitation sent.', failed: SCHOOL_ADMIN_MSG.invitationFailed },
  back: '/admin-school/teachers',
  needsNetwork: () => true,
};

function removeTeacher(t: TeacherProfile, reload: () => void) {
  void queueAdminWrite({
    resource: 'teachers',
    ids: [t.id],
    patch: { is_active: false },
    kind: 'school-teacher-remove',
    label: `Remove teacher ${t.first_name} ${t.last_name}`,
    method: 'DELETE',
    path: `/api-school-admin/teachers/${t.id}/`,
    body: {},
  }).then((outcome) => {
    if (sayOutcome(outcome, SCHOOL_ADMIN_MSG.teacherRemoved, SCHOOL_ADMIN_MSG.teacherNotRemoved)) reload();
  });
}

export const teacherProfile: ShowResource<TeacherProfile> = {
  title: (t) => `${t.first_name} ${t.last_name}`,
  load: loadTeacher,
  facts: (t) => [
    ['Email', t.email ?? '—'],
    ['Role', t.role === 'teacher_admin' ? 'Teacher admin' : 'Teacher'],
    ['School', t.school_name],
    ['Classes', t.classes.length ? t.classes.map((k) => `${k.name} (${k.class_code})`).join(', ') : 'None'],
    ['Status', t.is_active ? 'Active' : 'Removed'],
    ['Joined', day(t.date_joined)],
    ['Last sign-in', day(t.last_login)],
  ],
  actions: (t, reload) => (
    <>
      <AdminLink className="button button-small" href={`${teacherHref(t.id)}?id=${t.id}`}>
        Edit
      </AdminLink>
      {t.is_active ? (
        <button type="button" className="button button-small button-secondary" onClick={() => removeTeacher(t, reload)}>
          Remove
        </button>
      ) : null}
    </>
  ),
  back: { href: '/admin-school/teachers', label: 'All teachers' },
};

// ---------------------------------------------------------------------------------------------
// users and userprofile/{userId}

export const loadSchoolUser = (id: number) => unwrap(api.GET('/api-school-admin/users/{id}/', { params: { path: { id } } }));

export function schoolUserActions(u: AdminUser, reload: () => void) {
  const toggle = () =>
    void queueAdminWrite({
      resource: 'schoolUsers',
      ids: [u.id],
      patch: { is_active: !u.is_active },
      kind: 'school-user-active',
      label: `${u.is_active ? 'Deactivate' : 'Reactivate'} ${u.first_name} ${u.last_name}`,
      method: 'PATCH',
      path: `/api-school-admin/users/${u.id}/`,
      body: { is_active: String(!u.is_active) },
    }).then((outcome) => {
      if (sayOutcome(outcome, u.is_active ? ADMIN_MSG.deactivated : ADMIN_MSG.reactivated, ADMIN_MSG.saveFailed)) reload();
    });
  return (
    <>
      {u.role === 'teacher' || u.role === 'teacher_admin' ? (
        <AdminLink className="button button-small" href={teacherHref(u.id)}>
          Teacher profile
        </AdminLink>
      ) : null}
      <button type="button" className="button button-small button-secondary" onClick={toggle}>
        {u.is_active ? 'Deactivate' : 'Reactivate'}
      </button>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// profile: the site's own tenant, as the tenant form holds it

export async function loadProfile(): Promise<Record<string, string>> {
  const t = await unwrap(api.GET('/api-school-admin/profile/'));
  return {
    school_name: t.school_name,
    school_email: t.school_email ?? '',
    domain_url: t.domain_url ?? '',
    switchboard: String(t.switchboard),
    default_language: t.default_language,
    allow_browser_language: String(t.allow_browser_language),
    ...Object.fromEntries(TENANT_COLOR_FIELDS.map((f) => [f, t[f]])),
  };
}

/** Only the changed fields travel, through the outbox (a logo as a file part). */
export async function saveProfile(changed: Record<string, string | File>): Promise<SaveOutcome> {
  const { body, files } = await formParts(changed);
  return queueAdminWrite({
    resource: 'profile',
    ids: [],
    patch: body,
    kind: 'school-profile-update',
    label: 'Update the profile',
    method: 'PATCH',
    path: '/api-school-admin/profile/',
    body,
    files,
  });
}
