// The platform dashboards, declared once: dashboard (tenants, users, content, orders, donations,
// revenue over 12 months), users-dashboard and user-dashboard (users by role, active, sign-ups).
// One load each: GET /api-super-admin/stats/.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import type { DashboardResource } from '@/ui/admin/dashboard';
import { formatNumber, formatPrice } from '@/ui/format';
import { ROLE_NAMES } from './shared';

type Stats = components['schemas']['PlatformStats'];

const loadStats = () => unwrap(api.GET('/api-super-admin/stats/'));
const money = (cents: number) => formatPrice(cents);
const months = (s: Stats) => s.months.map((m) => m.month);

export const platformDashboard: DashboardResource<Stats> = {
  title: msg`Platform dashboard`,
  key: 'platform-stats',
  load: loadStats,
  cards: (s) => [
    [msg`Schools`, formatNumber(s.schools)],
    [msg`Organizations`, formatNumber(s.organizations)],
    [msg`Users`, formatNumber(s.users)],
    [msg`Teachers`, formatNumber(s.users_by_role.teacher ?? 0)],
    [msg`Students`, formatNumber(s.users_by_role.student ?? 0)],
    [msg`Stories`, formatNumber(s.stories)],
    [msg`Books`, formatNumber(s.books)],
    [msg`Orders paid`, formatNumber(s.orders_by_status.success ?? 0)],
    [msg`Donations`, `${formatNumber(s.donations)} · ${money(s.donations_cents)}`],
    [msg`Revenue (12 months)`, money(s.revenue_cents)],
  ],
  charts: (s) => [
    {
      title: msg`Revenue per month`,
      labels: months(s),
      format: money,
      series: [
        { label: msg`Books`, values: s.months.map((m) => m.books_cents), color: '#11365A' },
        { label: msg`Donations`, values: s.months.map((m) => m.donations_cents), color: '#B4124F' },
      ],
    },
    {
      title: msg`Sign-ups per month`,
      labels: months(s),
      series: [{ label: msg`New users`, values: s.months.map((m) => m.signups), color: '#0B6E4F' }],
    },
  ],
};

export const usersDashboard: DashboardResource<Stats> = {
  title: msg`Users dashboard`,
  key: 'platform-stats',
  load: loadStats,
  cards: (s) => [
    [msg`Users`, formatNumber(s.users)],
    [msg`Active`, formatNumber(s.active_users)],
    [msg`Deactivated`, formatNumber(s.users - s.active_users)],
    ...Object.entries(s.users_by_role).map(([role, n]): [MessageDescriptor, string] => [
      ROLE_NAMES[role as keyof typeof ROLE_NAMES],
      formatNumber(n ?? 0),
    ]),
  ],
  charts: (s) => [
    {
      title: msg`Sign-ups per month`,
      labels: months(s),
      series: [{ label: msg`New users`, values: s.months.map((m) => m.signups), color: '#0B6E4F' }],
    },
  ],
};
