// The platform admin's users, declared once: the all-users list
// (and, with a fixed role, the students and teachers lists) with its filters, deactivate and
// reactivate as bulk actions, and the user form (first and last name, email, country, avatar;
// role and tenant when creating) on POST /api-super-admin/create-user/ and PATCH
// /api-super-admin/users/{id}/. Writes go through the outbox (src/ui/admin/write.ts).
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import { CreateUserForm, UserForm } from '@/contract/admin';
import { COUNTRIES } from '@/contract/countries';
import { ADMIN_MSG } from '@/contract/messages';
import { AdminLink } from '@/ui/admin/admin-link';
import { sayOutcome } from '@/ui/admin/outcome';
import type { FieldDef, FormResource, ListResource } from '@/ui/admin/resource';
import type { ShowResource } from '@/ui/admin/resource-show';
import { formParts, queueAdminWrite } from '@/ui/admin/write';
import { day, ONLY_PLATFORM_ADMIN, ROLE_NAMES, ROLE_OPTIONS, tenantOptions } from './shared';

export type AdminUser = components['schemas']['AdminUser'];

const USERS = '/admin-panel/all-users';

function setActive(rows: AdminUser[], option: string) {
  const active = option === 'activate';
  return queueAdminWrite({
    resource: 'users',
    ids: rows.map((r) => r.id),
    patch: { is_active: active },
    kind: 'admin-users-active',
    label: `${active ? 'Reactivate' : 'Deactivate'} ${rows.length} user(s)`,
    method: 'POST',
    path: '/api-super-admin/users/bulk/',
    body: { ids: rows.map((r) => r.id), action: option },
  });
}

function usersList(name: string, title: string, role?: 'student' | 'teacher'): ListResource<AdminUser> {
  return {
    name,
    title,
    path: '/api-super-admin/users/',
    fixed: role ? { role } : undefined,
    searchLabel: 'Search by name, email or username',
    dateLabel: 'Joined',
    defaultSort: '-date_joined',
    columns: [
      { key: 'name', header: 'Name', sort: 'first_name', cell: (u) => `${u.first_name} ${u.last_name}` },
      { key: 'email', header: 'Email', sort: 'email', cell: (u) => u.email ?? u.username ?? '—' },
      ...(role ? [] : [{ key: 'role', header: 'Role', sort: 'role', cell: (u: AdminUser) => ROLE_NAMES[u.role] }]),
      { key: 'tenant_name', header: 'Tenant', cell: (u) => u.tenant_name ?? 'Platform' },
      { key: 'country', header: 'Country', cell: (u) => u.country ?? '—' },
      { key: 'is_active', header: 'Status', cell: (u) => (u.is_active ? 'Active' : 'Deactivated') },
      { key: 'date_joined', header: 'Joined', sort: 'date_joined', cell: (u) => day(u.date_joined) },
      { key: 'last_login', header: 'Last sign-in', sort: 'last_login', cell: (u) => day(u.last_login) },
    ],
    filters: [
      ...(role ? [] : [{ key: 'role', label: 'Role', options: ROLE_OPTIONS }]),
      { key: 'tenant_id', label: 'Tenant', options: tenantOptions, roles: ONLY_PLATFORM_ADMIN },
      {
        key: 'is_active',
        label: 'Status',
        options: [
          ['true', 'Active'],
          ['false', 'Deactivated'],
        ],
      },
    ],
    bulkActions: [
      {
        key: 'status',
        label: 'Deactivate or reactivate',
        options: [
          ['deactivate', 'Deactivate'],
          ['activate', 'Reactivate'],
        ],
        run: setActive,
        done: 'Users updated.',
      },
    ],
    rowHref: (u) => `/admin-panel/userprofile/${u.id}`,
    rowLabel: (u) => `${u.first_name} ${u.last_name}`,
    create: { href: '/admin-panel/user', label: 'Add user' },
  };
}

export const allUsers = usersList('users', 'Users');

/** superpower-teacher: teachers and teacher admins of every school; grant or withdraw the powers. */
export const teacherPowers: ListResource<AdminUser> = {
  ...usersList('teacher-powers', 'Superpower: teacher admins'),
  fixed: { teaching: 'true' },
  filters: [
    {
      key: 'role',
      label: 'Powers',
      options: [
        ['teacher', 'Teacher'],
        ['teacher_admin', 'Teacher admin'],
      ],
    },
    { key: 'tenant_id', label: 'Tenant', options: tenantOptions, roles: ONLY_PLATFORM_ADMIN },
  ],
  bulkActions: [
    {
      key: 'powers',
      label: 'Teacher admin powers',
      options: [
        ['grant', 'Grant'],
        ['withdraw', 'Withdraw'],
      ],
      run: (rows, option) =>
        queueAdminWrite({
          resource: 'teacher-powers',
          ids: rows.map((r) => r.id),
          patch: { role: option === 'grant' ? 'teacher_admin' : 'teacher' },
          kind: 'admin-teacher-powers',
          label: `${option === 'grant' ? 'Grant' : 'Withdraw'} teacher admin powers (${rows.length})`,
          method: 'POST',
          path: '/api-super-admin/teacher-powers/',
          body: { ids: rows.map((r) => r.id), action: option },
        }),
      done: 'Teacher admin powers updated.',
    },
  ],
  create: undefined,
};
export const students = usersList('students', 'Students', 'student');
export const teachers = usersList('teachers', 'Teachers', 'teacher');

const COUNTRY_OPTIONS = COUNTRIES.map(([code, name]) => [code, `${name} (${code})`] as const);

const userFields: FieldDef[] = [
  { name: 'first_name', label: 'First name', kind: 'text', autoComplete: 'off' },
  { name: 'last_name', label: 'Last name', kind: 'text', autoComplete: 'off' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'off' },
  { name: 'country', label: 'Country', kind: 'select', options: COUNTRY_OPTIONS, placeholder: 'Choose a country' },
  { name: 'avatar', label: 'Avatar (optional)', kind: 'file', accept: 'image/png,image/jpeg', hint: 'PNG or JPEG, at most 5 MB.' },
];

const messages = { created: ADMIN_MSG.userAdded, updated: ADMIN_MSG.userUpdated, failed: ADMIN_MSG.saveFailed };

async function loadUser(id: number): Promise<Record<string, string>> {
  const u = await unwrap(api.GET('/api-super-admin/users/{id}/', { params: { path: { id } } }));
  return { first_name: u.first_name, last_name: u.last_name, email: u.email ?? '', country: u.country ?? '' };
}

async function saveUser(id: number | null, changed: Record<string, string | File>) {
  const { body, files } = await formParts(changed);
  return queueAdminWrite({
    resource: 'users',
    ids: id === null ? [] : [id],
    patch: body,
    kind: id === null ? 'admin-user-create' : 'admin-user-update',
    label: id === null ? `Add user ${body.email ?? ''}` : `Update user ${id}`,
    method: id === null ? 'POST' : 'PATCH',
    path: id === null ? '/api-super-admin/create-user/' : `/api-super-admin/users/${id}/`,
    body,
    files,
  });
}

/** Editing a user: the spec's form. */
export const userForm: FormResource<typeof UserForm> = {
  name: 'user',
  titles: { create: 'Add user', edit: 'Edit user' },
  schema: UserForm,
  fields: userFields,
  blank: { first_name: '', last_name: '', email: '', country: '' },
  load: loadUser,
  save: saveUser,
  messages,
  back: USERS,
};

/** Adding a user: the spec's form, plus the role and the tenant it belongs to. */
export const newUserForm: FormResource<typeof CreateUserForm> = {
  ...userForm,
  schema: CreateUserForm,
  fields: [
    ...userFields,
    { name: 'role', label: 'Role', kind: 'select', options: ROLE_OPTIONS.filter(([r]) => r !== 'student'), placeholder: 'Choose a role' },
    { name: 'tenant_id', label: 'Tenant', kind: 'select', options: tenantOptions, placeholder: 'None (platform admin)' },
  ],
  blank: { ...userForm.blank, role: 'teacher', tenant_id: '' },
};

/** One user's profile (userprofile/{userId}): the facts, edit, deactivate or reactivate. */
export const userProfile: ShowResource<AdminUser> = {
  title: (u) => `${u.first_name} ${u.last_name}`,
  load: (id) => unwrap(api.GET('/api-super-admin/users/{id}/', { params: { path: { id } } })),
  facts: (u) => [
    ['Avatar', u.avatar ? <img className="admin-avatar" src={u.avatar} alt={`${u.first_name} ${u.last_name}`} /> : '—'],
    ['Email', u.email ?? '—'],
    ['Username', u.username ?? '—'],
    ['Role', ROLE_NAMES[u.role]],
    ['Tenant', u.tenant_name ?? 'Platform'],
    ['Country', COUNTRIES.find(([c]) => c === u.country)?.[1] ?? u.country ?? '—'],
    ['Status', u.is_active ? 'Active' : 'Deactivated'],
    ['Joined', day(u.date_joined)],
    ['Last sign-in', day(u.last_login)],
  ],
  actions: (u, reload) => (
    <>
      <AdminLink className="button button-small" href={`/admin-panel/user/${u.id}`}>
        Edit
      </AdminLink>
      <button
        type="button"
        className="button button-small button-secondary"
        onClick={() =>
          void setActive([u], u.is_active ? 'deactivate' : 'activate').then((outcome) => {
            if (sayOutcome(outcome, u.is_active ? ADMIN_MSG.deactivated : ADMIN_MSG.reactivated, ADMIN_MSG.saveFailed)) reload();
          })
        }
      >
        {u.is_active ? 'Deactivate' : 'Reactivate'}
      </button>
    </>
  ),
  back: { href: USERS, label: 'All users' },
};
