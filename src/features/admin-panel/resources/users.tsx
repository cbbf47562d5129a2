// The platform admin's users, declared once: the all-users list
// (and, with a fixed role, the students and teachers lists) with its filters, deactivate and
// reactivate as bulk actions, and the user form (first and last name, email, country, avatar;
// role and tenant when creating) on POST /api-super-admin/create-user/ and PATCH
// /api-super-admin/users/{id}/. Writes go through the outbox (src/ui/admin/write.ts).
import { i18n } from '@/i18n/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { msg, t } from '@lingui/core/macro';
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

const powersLabel = (option: string, count: number) =>
  option === 'grant' ? t`Grant teacher admin powers (${count})` : t`Withdraw teacher admin powers (${count})`;
const addUserLabel = (email: string) => t`Add user ${email}`;

function setActive(rows: AdminUser[], option: string) {
  const active = option === 'activate';
  const count = rows.length;
  return queueAdminWrite({
    resource: 'users',
    ids: rows.map((r) => r.id),
    patch: { is_active: active },
    kind: 'admin-users-active',
    label: active ? t`Reactivate ${count} user(s)` : t`Deactivate ${count} user(s)`,
    method: 'POST',
    path: '/api-super-admin/users/bulk/',
    body: { ids: rows.map((r) => r.id), action: option },
  });
}

function usersList(name: string, title: MessageDescriptor, role?: 'student' | 'teacher'): ListResource<AdminUser> {
  return {
    name,
    title,
    path: '/api-super-admin/users/',
    fixed: role ? { role } : undefined,
    searchLabel: msg`Search by name, email or username`,
    dateLabel: msg`Joined`,
    defaultSort: '-date_joined',
    columns: [
      { key: 'name', header: msg`Name`, sort: 'first_name', cell: (u) => `${u.first_name} ${u.last_name}` },
      { key: 'email', header: msg`Email`, sort: 'email', cell: (u) => u.email ?? u.username ?? '—' },
      ...(role ? [] : [{ key: 'role', header: msg`Role`, sort: 'role', cell: (u: AdminUser) => i18n._(ROLE_NAMES[u.role]) }]),
      { key: 'tenant_name', header: msg`Tenant`, cell: (u) => u.tenant_name ?? t`Platform` },
      { key: 'country', header: msg`Country`, cell: (u) => u.country ?? '—' },
      { key: 'is_active', header: msg`Status`, cell: (u) => (u.is_active ? t`Active` : t`Deactivated`) },
      { key: 'date_joined', header: msg`Joined`, sort: 'date_joined', cell: (u) => day(u.date_joined) },
      { key: 'last_login', header: msg`Last sign-in`, sort: 'last_login', cell: (u) => day(u.last_login) },
    ],
    filters: [
      ...(role ? [] : [{ key: 'role', label: msg`Role`, options: ROLE_OPTIONS }]),
      { key: 'tenant_id', label: msg`Tenant`, options: tenantOptions, roles: ONLY_PLATFORM_ADMIN },
      {
        key: 'is_active',
        label: msg`Status`,
        options: [
          ['true', msg`Active`],
          ['false', msg`Deactivated`],
        ],
      },
    ],
    bulkActions: [
      {
        key: 'status',
        label: msg`Deactivate or reactivate`,
        options: [
          ['deactivate', msg`Deactivate`],
          ['activate', msg`Reactivate`],
        ],
        run: setActive,
        done: msg`Users updated.`,
      },
    ],
    rowHref: (u) => `/admin-panel/userprofile/${u.id}`,
    rowLabel: (u) => `${u.first_name} ${u.last_name}`,
    create: { href: '/admin-panel/user', label: msg`Add user` },
  };
}

export const allUsers = usersList('users', msg`Users`);

/** superpower-teacher: teachers and teacher admins of every school; grant or withdraw the powers. */
export const teacherPowers: ListResource<AdminUser> = {
  ...usersList('teacher-powers', msg`Superpower: teacher admins`),
  fixed: { teaching: 'true' },
  filters: [
    {
      key: 'role',
      label: msg`Powers`,
      options: [
        ['teacher', msg`Teacher`],
        ['teacher_admin', msg`Teacher admin`],
      ],
    },
    { key: 'tenant_id', label: msg`Tenant`, options: tenantOptions, roles: ONLY_PLATFORM_ADMIN },
  ],
  bulkActions: [
    {
      key: 'powers',
      label: msg`Teacher admin powers`,
      options: [
        ['grant', msg`Grant`],
        ['withdraw', msg`Withdraw`],
      ],
      run: (rows, option) =>
        queueAdminWrite({
          resource: 'teacher-powers',
          ids: rows.map((r) => r.id),
          patch: { role: option === 'grant' ? 'teacher_admin' : 'teacher' },
          kind: 'admin-teacher-powers',
          label: powersLabel(option, rows.length),
          method: 'POST',
          path: '/api-super-admin/teacher-powers/',
          body: { ids: rows.map((r) => r.id), action: option },
        }),
      done: msg`Teacher admin powers updated.`,
    },
  ],
  create: undefined,
};
export const students = usersList('students', msg`Students`, 'student');
export const teachers = usersList('teachers', msg`Teachers`, 'teacher');

const COUNTRY_OPTIONS = COUNTRIES.map(([code, name]) => [code, `${name} (${code})`] as const);

const userFields: FieldDef[] = [
  { name: 'first_name', label: msg`First name`, kind: 'text', autoComplete: 'off' },
  { name: 'last_name', label: msg`Last name`, kind: 'text', autoComplete: 'off' },
  { name: 'email', label: msg`Email`, kind: 'email', autoComplete: 'off' },
  { name: 'country', label: msg`Country`, kind: 'select', options: COUNTRY_OPTIONS, placeholder: msg`Choose a country` },
  { name: 'avatar', label: msg`Avatar (optional)`, kind: 'file', accept: 'image/png,image/jpeg', hint: msg`PNG or JPEG, at most 5 MB.` },
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
    label: id === null ? addUserLabel(String(body.email ?? '')) : t`Update user ${id}`,
    method: id === null ? 'POST' : 'PATCH',
    path: id === null ? '/api-super-admin/create-user/' : `/api-super-admin/users/${id}/`,
    body,
    files,
  });
}

/** Editing a user: the spec's form. */
export const userForm: FormResource<typeof UserForm> = {
  name: 'user',
  titles: { create: msg`Add user`, edit: msg`Edit user` },
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
    {
      name: 'role',
      label: msg`Role`,
      kind: 'select',
      options: ROLE_OPTIONS.filter(([r]) => r !== 'student'),
      placeholder: msg`Choose a role`,
    },
    { name: 'tenant_id', label: msg`Tenant`, kind: 'select', options: tenantOptions, placeholder: msg`None (platform admin)` },
  ],
  blank: { ...userForm.blank, role: 'teacher', tenant_id: '' },
};

/** One user's profile (userprofile/{userId}): the facts, edit, deactivate or reactivate. */
export const userProfile: ShowResource<AdminUser> = {
  title: (u) => `${u.first_name} ${u.last_name}`,
  load: (id) => unwrap(api.GET('/api-super-admin/users/{id}/', { params: { path: { id } } })),
  facts: (u) => [
    [msg`Avatar`, u.avatar ? <img className="admin-avatar" src={u.avatar} alt={`${u.first_name} ${u.last_name}`} /> : '—'],
    [msg`Email`, u.email ?? '—'],
    [msg`Username`, u.username ?? '—'],
    [msg`Role`, i18n._(ROLE_NAMES[u.role])],
    [msg`Tenant`, u.tenant_name ?? t`Platform`],
    [msg`Country`, COUNTRIES.find(([c]) => c === u.country)?.[1] ?? u.country ?? '—'],
    [msg`Status`, u.is_active ? t`Active` : t`Deactivated`],
    [msg`Joined`, day(u.date_joined)],
    [msg`Last sign-in`, day(u.last_login)],
  ],
  actions: (u, reload) => (
    <>
      <AdminLink className="button button-small" href={`/admin-panel/user/${u.id}`}>
        <Trans>Edit</Trans>
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
        {u.is_active ? t`Deactivate` : t`Reactivate`}
      </button>
    </>
  ),
  back: { href: USERS, label: msg`All users` },
};
