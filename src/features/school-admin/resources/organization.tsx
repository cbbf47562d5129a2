// The organization area's own declarations (/admin-organization, organization admins only): the
// dashboard and user-dashboard (its linked schools' numbers: students, teachers, stories, books,
// orders, raised; users by role; sign-ups), schools (linked schools with their numbers; unlink;
// invite one by e-mail) and one school's classes and numbers (schools?id=). Payment history and the
// profile reuse the platform panel's declarations (composed in src/app/screens/admin-school.tsx).
import type { MessageDescriptor } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { msg, t } from '@lingui/core/macro';
import { api, sendNow } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import { registrationError } from '@/contract/registration';
import { SCHOOL_ADMIN_MSG, SchoolInvite } from '@/contract/school-admin';
import { sayOutcome } from '@/ui/admin/outcome';
import type { DashboardResource } from '@/ui/admin/dashboard';
import type { FormResource, ListResource, SaveOutcome } from '@/ui/admin/resource';
import type { ShowResource } from '@/ui/admin/resource-show';
import { queueAdminWrite } from '@/ui/admin/write';
import { day, eachRow, money, number } from './shared';

type Stats = components['schemas']['OrganizationStats'];
type LinkedSchool = components['schemas']['LinkedSchool'];
type SchoolDetail = components['schemas']['LinkedSchoolDetail'];

const SCHOOLS = '/admin-organization/schools';
const loadStats = () => unwrap(api.GET('/api-organization/stats/'));
const signups = (s: Stats) => [
  {
    title: msg`Sign-ups per month`,
    labels: s.months.map((m) => m.month),
    series: [{ label: msg`New users`, values: s.months.map((m) => m.signups), color: '#0B6E4F' }],
  },
];

export const organizationDashboard: DashboardResource<Stats> = {
  title: msg`Organization dashboard`,
  key: 'organization-stats',
  load: loadStats,
  cards: (s) => [
    [msg`Schools`, number.format(s.schools.length)],
    [msg`Students`, number.format(s.totals.students)],
    [msg`Teachers`, number.format(s.totals.teachers)],
    [msg`Classes`, number.format(s.totals.classes)],
    [msg`Stories`, number.format(s.totals.stories)],
    [msg`Books`, number.format(s.totals.books)],
    [msg`Orders paid`, number.format(s.totals.orders)],
    [msg`Raised`, money(s.totals.raised_cents)],
    ...s.schools.map(({ school_name: name, ...school }): [MessageDescriptor, string] => [
      msg`${name}: students · teachers`,
      `${number.format(school.students)} · ${number.format(school.teachers)}`,
    ]),
  ],
  charts: signups,
};

export const organizationUserDashboard: DashboardResource<Stats> = {
  title: msg`User dashboard`,
  key: 'organization-stats',
  load: loadStats,
  cards: (s) => [
    [msg`Users`, number.format(s.users)],
    [msg`Active`, number.format(s.active_users)],
    [msg`Deactivated`, number.format(s.users - s.active_users)],
    [msg`Students`, number.format(s.users_by_role.student ?? 0)],
    [msg`Teachers`, number.format((s.users_by_role.teacher ?? 0) + (s.users_by_role.teacher_admin ?? 0))],
    [msg`School admins`, number.format(s.users_by_role.school_admin ?? 0)],
  ],
  charts: signups,
};

const unlinkLabel = (school: string) => t`Unlink ${school}`;
const classLine = (name: string, code: string, teacher: string, students: string) => t`${name} (${code}): ${teacher}, ${students} students`;

function unlink(school: { id: number; school_name: string }) {
  return queueAdminWrite({
    resource: 'organizationSchools',
    ids: [school.id],
    patch: {},
    kind: 'organization-school-unlink',
    label: unlinkLabel(school.school_name),
    method: 'DELETE',
    path: `/api-organization/schools/${school.id}/`,
    body: {},
  });
}

export const schools: ListResource<LinkedSchool> = {
  name: 'organizationSchools',
  title: msg`Schools`,
  path: '/api-organization/schools/',
  searchLabel: msg`Search by name, email or subdomain`,
  dateLabel: msg`Created`,
  defaultSort: 'school_name',
  columns: [
    { key: 'school_name', header: msg`School`, sort: 'school_name' },
    { key: 'students', header: msg`Students`, cell: (s) => number.format(s.students) },
    { key: 'teachers', header: msg`Teachers`, cell: (s) => number.format(s.teachers) },
    { key: 'classes', header: msg`Classes`, cell: (s) => number.format(s.classes) },
    { key: 'stories', header: msg`Stories`, cell: (s) => number.format(s.stories) },
    { key: 'books', header: msg`Books`, cell: (s) => number.format(s.books) },
    { key: 'orders', header: msg`Orders`, cell: (s) => number.format(s.orders) },
    { key: 'raised_cents', header: msg`Raised`, cell: (s) => money(s.raised_cents) },
    { key: 'created_at', header: msg`Created`, sort: 'created_at', cell: (s) => day(s.created_at) },
  ],
  filters: [],
  bulkActions: [
    {
      key: 'unlink',
      label: msg`Unlink`,
      options: [['unlink', msg`Unlink from the organization`]],
      run: (rows) => eachRow(rows, unlink),
      done: SCHOOL_ADMIN_MSG.schoolUnlinked,
    },
  ],
  rowHref: (s) => `${SCHOOLS}?id=${s.id}`,
  rowLabel: (s) => s.school_name,
  create: { href: `${SCHOOLS}/invite`, label: msg`Invite a school` },
};

export const schoolDetail: ShowResource<SchoolDetail> = {
  title: (s) => s.school_name,
  load: (id) => unwrap(api.GET('/api-organization/schools/{id}/', { params: { path: { id } } })),
  facts: (s) => [
    [msg`Email`, s.school_email],
    [msg`Site`, s.subdomain],
    [msg`Students`, number.format(s.students)],
    [msg`Teachers`, number.format(s.teachers)],
    [msg`Stories`, number.format(s.stories)],
    [msg`Books`, number.format(s.books)],
    [msg`Orders paid`, number.format(s.orders)],
    [msg`Raised`, money(s.raised_cents)],
    [
      msg`Classes`,
      s.class_list.length ? (
        <ul className="admin-plain-list">
          {s.class_list.map((k) => (
            <li key={k.id}>{classLine(k.name, k.class_code, k.teacher_name ?? t`no teacher assigned`, number.format(k.students))}</li>
          ))}
        </ul>
      ) : (
        t`None yet`
      ),
    ],
  ],
  actions: (s, reload) => (
    <button
      type="button"
      className="button button-small button-secondary"
      onClick={() => void unlink(s).then((o) => sayOutcome(o, SCHOOL_ADMIN_MSG.schoolUnlinked, SCHOOL_ADMIN_MSG.notUnlinked) && reload())}
    >
      <Trans>Unlink</Trans>
    </button>
  ),
  back: { href: SCHOOLS, label: msg`All schools` },
};

/** Inviting a school by e-mail (POST /invitations/, kind school): sent at once, it needs the network. */
export const schoolInvite: FormResource<typeof SchoolInvite> = {
  name: 'school-invite',
  titles: { create: msg`Invite a school`, edit: msg`Invite a school` },
  schema: SchoolInvite,
  fields: [{ name: 'email', label: msg`The school admin's email`, kind: 'email', autoComplete: 'off' }],
  blank: { email: '' },
  load: () => Promise.resolve({ email: '' }),
  save: async (_id, changed): Promise<SaveOutcome> => {
    const answer = await sendNow('POST', '/invitations/', { ...changed, kind: 'school' });
    return answer.ok
      ? { status: 'sent' }
      : { status: 'failed', message: registrationError(answer.body, SCHOOL_ADMIN_MSG.invitationFailed) };
  },
  messages: { created: msg`Invitation sent.`, updated: msg`Invitation sent.`, failed: SCHOOL_ADMIN_MSG.invitationFailed },
  back: SCHOOLS,
  needsNetwork: () => true,
};
