// The school area's own declarations (/admin-school): organizations (linked and inviting ones;
// accept or remove, school admins only), new-table (classes and teachers at a glance), a teacher's
// profile (names, role, classes; remove), the teachers list and inviting a teacher, creating a class
// and changing its name or teacher, a user's deactivate/reactivate,
// and the site's profile load and save. Users, payment history and the profile form reuse the
// platform panel's declarations: src/app/screens/admin-school.tsx composes them.
import { i18n } from '@/i18n/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { msg, t } from '@lingui/core/macro';
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
  ['teacher', msg`Teacher`],
  ['teacher_admin', msg`Teacher admin`],
];

const createClassLabel = (name: string) => t`Create the class ${name}`;
const updateClassLabel = (id: number) => t`Update class ${id}`;
const classChoice = (name: string, code: string, taken: boolean) => (taken ? t`${name} (${code}): has a teacher` : `${name} (${code})`);
const removeLabel = (name: string) => t`Remove teacher ${name}`;
const updateTeacherLabel = (id: number) => t`Update teacher ${id}`;
const activeLabel = (active: boolean, name: string) => (active ? t`Deactivate ${name}` : t`Reactivate ${name}`);

// ---------------------------------------------------------------------------------------------
// organizations

function organizationWrite(o: SchoolOrganization, option: string) {
  const accept = option === 'accept';
  const school = o.school_name;
  return queueAdminWrite({
    resource: 'schoolOrganizations',
    ids: [o.id],
    patch: accept ? { status: 'linked' } : {},
    kind: accept ? 'school-organization-accept' : 'school-organization-remove',
    label: accept ? t`Accept the link to ${school}` : t`Remove the link to ${school}`,
    method: accept ? 'POST' : 'DELETE',
    path: accept ? `/api-school-admin/organizations/${o.id}/accept/` : `/api-school-admin/organizations/${o.id}/`,
    body: {},
  });
}

export const organizations: ListResource<SchoolOrganization> = {
  name: 'schoolOrganizations',
  title: msg`Organizations`,
  path: '/api-school-admin/organizations/',
  searchLabel: msg`Search by name or email`,
  dateLabel: msg`Created`,
  defaultSort: 'school_name',
  columns: [
    { key: 'school_name', header: msg`Organization`, sort: 'school_name' },
    { key: 'status', header: msg`Link`, cell: (o) => (o.status === 'linked' ? t`Linked` : t`Invitation waiting`) },
    { key: 'school_email', header: msg`Email` },
    { key: 'created_at', header: msg`Created`, sort: 'created_at', cell: (o) => day(o.created_at) },
  ],
  filters: [
    {
      key: 'status',
      label: msg`Link`,
      options: [
        ['linked', msg`Linked`],
        ['invited', msg`Invitation waiting`],
      ],
    },
  ],
  bulkActions: [
    {
      key: 'link',
      label: msg`Link`,
      options: [
        ['accept', msg`Accept the invitation`],
        ['remove', msg`Remove the link`],
      ],
      run: (rows, option) => eachRow(rows, (o) => organizationWrite(o, option)),
      done: msg`Organizations updated.`,
    },
  ],
  rowLabel: (o) => o.school_name,
};

// ---------------------------------------------------------------------------------------------
// new-table

const teacherHref = (id: number) => `/admin-school/teacher/${id}/profile`;

export const classesTable: ListResource<SchoolClass> = {
  name: 'schoolClasses',
  title: msg`Classes and teachers`,
  path: '/api-school-admin/classes/',
  searchLabel: msg`Search by class, code or teacher`,
  dateLabel: msg`Created`,
  defaultSort: 'name',
  columns: [
    { key: 'name', header: msg`Class`, sort: 'name' },
    { key: 'class_code', header: msg`Code`, sort: 'class_code' },
    {
      key: 'teacher_name',
      header: msg`Teacher`,
      cell: (k) =>
        k.teacher_id && k.teacher_name ? <AdminLink href={teacherHref(k.teacher_id)}>{k.teacher_name}</AdminLink> : t`No teacher assigned`,
    },
    { key: 'students', header: msg`Students`, cell: (k) => number.format(k.students) },
    { key: 'stories', header: msg`Stories`, cell: (k) => number.format(k.stories) },
    { key: 'school_name', header: msg`School` },
    { key: 'created_at', header: msg`Created`, sort: 'created_at', cell: (k) => day(k.created_at) },
  ],
  filters: [
    {
      key: 'has_teacher',
      label: msg`Teacher`,
      options: [
        ['true', msg`Has a teacher`],
        ['false', msg`No teacher assigned`],
      ],
    },
  ],
  rowHref: (k) => `/admin-school/classdetails?id=${k.id}&class_id=${encodeURIComponent(k.class_code)}`,
  rowLabel: (k) => k.name,
  create: { href: '/admin-school/classform', label: msg`Create a class` },
};

// ---------------------------------------------------------------------------------------------
// teachers: every teacher and teacher admin of the school (those without a class too), and the
// way to invite one

const ROLE_WORDS: Record<string, MessageDescriptor> = { teacher: msg`Teacher`, teacher_admin: msg`Teacher admin` };

export const teachersTable: ListResource<AdminUser> = {
  name: 'schoolTeachers',
  title: msg`Teachers`,
  path: '/api-school-admin/users/',
  fixed: { teaching: 'true' },
  searchLabel: msg`Search by name or email`,
  dateLabel: msg`Joined`,
  defaultSort: 'first_name',
  columns: [
    { key: 'first_name', header: msg`First name`, sort: 'first_name' },
    { key: 'last_name', header: msg`Last name`, sort: 'last_name' },
    { key: 'email', header: msg`Email`, sort: 'email' },
    { key: 'role', header: msg`Role`, cell: (u) => (u.role in ROLE_WORDS ? i18n._(ROLE_WORDS[u.role]!) : u.role) },
    { key: 'is_active', header: msg`Status`, cell: (u) => (u.is_active ? t`Active` : t`Removed`) },
    { key: 'last_login', header: msg`Last sign-in`, sort: 'last_login', cell: (u) => (u.last_login ? day(u.last_login) : t`Never`) },
  ],
  filters: [
    {
      key: 'is_active',
      label: msg`Status`,
      options: [
        ['true', msg`Active`],
        ['false', msg`Removed`],
      ],
    },
  ],
  rowHref: (u) => teacherHref(u.id),
  rowLabel: (u) => `${u.first_name} ${u.last_name}`,
  create: { href: '/admin-school/teacher/new/profile', label: msg`Invite a teacher` },
};

// ---------------------------------------------------------------------------------------------
// classform/{classId}: create a class, rename it or change its teacher

/** The school's active teachers, as the class form offers them. */
async function teacherChoices(): Promise<readonly Option[]> {
  const page = await unwrap(
    api.GET('/api-school-admin/users/', { params: { query: { teaching: 'true', is_active: 'true', ordering: 'first_name', limit: 100 } } }),
  );
  return [['', msg`No teacher yet`], ...page.results.map((u): Option => [String(u.id), `${u.first_name} ${u.last_name}`])];
}

export const classForm: FormResource<typeof ClassForm> = {
  name: 'school-class',
  titles: { create: msg`Create a class`, edit: msg`Edit class` },
  schema: ClassForm,
  fields: [
    { name: 'name', label: msg`Class name`, kind: 'text', autoComplete: 'off' },
    { name: 'teacher_id', label: msg`Teacher`, kind: 'select', options: teacherChoices },
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
      label: id === null ? createClassLabel(String(changed.name ?? '')) : updateClassLabel(id),
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
  titles: { create: msg`Teacher`, edit: msg`Edit teacher` },
  schema: TeacherForm,
  fields: [
    { name: 'first_name', label: msg`First name`, kind: 'text', autoComplete: 'off' },
    { name: 'last_name', label: msg`Last name`, kind: 'text', autoComplete: 'off' },
    { name: 'role', label: msg`Role`, kind: 'select', options: TEACHER_ROLE_OPTIONS, placeholder: msg`Choose a role` },
    {
      name: 'class_ids',
      label: msg`Classes they teach`,
      kind: 'checks',
      options: () => classChoices,
      empty: msg`The school has no classes yet.`,
    },
  ],
  blank: { first_name: '', last_name: '', role: 'teacher', class_ids: '' },
  load: async (id) => {
    const teacher = await loadTeacher(id);
    classChoices = Promise.resolve(
      teacher.class_options.map((k): Option => [
        String(k.id),
        classChoice(k.name, k.class_code, Boolean(k.teacher_id && k.teacher_id !== id)),
      ]),
    );
    return {
      first_name: teacher.first_name,
      last_name: teacher.last_name,
      role: teacher.role,
      class_ids: teacher.classes.map((k) => k.id).join(','),
    };
  },
  save: (id, changed) =>
    queueAdminWrite({
      resource: 'teachers',
      ids: id === null ? [] : [id],
      patch: changed,
      kind: 'school-teacher-update',
      label: updateTeacherLabel(id!),
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
  titles: { create: msg`Invite a teacher`, edit: msg`Invite a teacher` },
  schema: TeacherInvite,
  fields: [
    { name: 'email', label: msg`Email`, kind: 'email', autoComplete: 'off' },
    { name: 'role', label: msg`Role`, kind: 'select', options: TEACHER_ROLE_OPTIONS, placeholder: msg`Choose a role` },
  ],
  blank: { email: '', role: 'teacher' },
  load: () => Promise.resolve({ email: '', role: 'teacher' }),
  save: async (_id, changed): Promise<SaveOutcome> => {
    const answer = await sendNow('POST', '/invitations/', { ...changed, kind: 'user' });
    return answer.ok
      ? { status: 'sent' }
      : { status: 'failed', message: registrationError(answer.body, SCHOOL_ADMIN_MSG.invitationFailed) };
  },
  messages: { created: msg`Invitation sent.`, updated: msg`Invitation sent.`, failed: SCHOOL_ADMIN_MSG.invitationFailed },
  back: '/admin-school/teachers',
  needsNetwork: () => true,
};

function removeTeacher(p: TeacherProfile, reload: () => void) {
  void queueAdminWrite({
    resource: 'teachers',
    ids: [p.id],
    patch: { is_active: false },
    kind: 'school-teacher-remove',
    label: removeLabel(`${p.first_name} ${p.last_name}`),
    method: 'DELETE',
    path: `/api-school-admin/teachers/${p.id}/`,
    body: {},
  }).then((outcome) => {
    if (sayOutcome(outcome, SCHOOL_ADMIN_MSG.teacherRemoved, SCHOOL_ADMIN_MSG.teacherNotRemoved)) reload();
  });
}

export const teacherProfile: ShowResource<TeacherProfile> = {
  title: (p) => `${p.first_name} ${p.last_name}`,
  load: loadTeacher,
  facts: (p) => [
    [msg`Email`, p.email ?? '—'],
    [msg`Role`, p.role === 'teacher_admin' ? t`Teacher admin` : t`Teacher`],
    [msg`School`, p.school_name],
    [msg`Classes`, p.classes.length ? p.classes.map((k) => `${k.name} (${k.class_code})`).join(', ') : t`None`],
    [msg`Status`, p.is_active ? t`Active` : t`Removed`],
    [msg`Joined`, day(p.date_joined)],
    [msg`Last sign-in`, day(p.last_login)],
  ],
  actions: (p, reload) => (
    <>
      <AdminLink className="button button-small" href={`${teacherHref(p.id)}?id=${p.id}`}>
        <Trans>Edit</Trans>
      </AdminLink>
      {p.is_active ? (
        <button type="button" className="button button-small button-secondary" onClick={() => removeTeacher(p, reload)}>
          <Trans>Remove</Trans>
        </button>
      ) : null}
    </>
  ),
  back: { href: '/admin-school/teachers', label: msg`All teachers` },
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
      label: activeLabel(u.is_active, `${u.first_name} ${u.last_name}`),
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
          <Trans>Teacher profile</Trans>
        </AdminLink>
      ) : null}
      <button type="button" className="button button-small button-secondary" onClick={toggle}>
        {u.is_active ? t`Deactivate` : t`Reactivate`}
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
    label: t`Update the profile`,
    method: 'PATCH',
    path: '/api-school-admin/profile/',
    body,
    files,
  });
}
