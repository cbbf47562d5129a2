// The platform dashboards, declared once: dashboard (tenants, users, content, orders, donations,
// revenue over 12 months), users-dashboard and user-dashboard (users by role, active, sign-ups).
// One load each: GET /api-super-admin/stats/.
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import type { DashboardResource } from '@/ui/admin/dashboard';
import { formatPrice } from '@/ui/format';
import { ROLE_NAMES } from './shared';

type Stats = components['schemas']['PlatformStats'];

const loadStats = () => unwrap(api.GET('/api-super-admin/stats/'));
const money = (cents: number) => formatPrice(cents);
const number = new Intl.NumberFormat('en-GB');
const months = (s: Stats) => s.months.map((m) => m.month);

export const platformDashboard: DashboardResource<Stats> = {
  title: 'Platform dashboard',
  key: 'platform-stats',
  load: loadStats,
  cards: (s) => [
    ['Schools', number.format(s.schools)],
    ['Organizations', number.format(s.organizations)],
    ['Users', number.format(s.users)],
    ['Teachers', number.format(s.users_by_role.teacher ?? 0)],
    ['Students', number.format(s.users_by_role.student ?? 0)],
    ['Stories', number.format(s.stories)],
    ['Books', number.format(s.books)],
    ['Orders paid', number.format(s.orders_by_status.success ?? 0)],
    ['Donations', `${number.format(s.donations)} · ${money(s.donations_cents)}`],
    ['Revenue (12 months)', money(s.revenue_cents)],
  ],
  charts: (s) => [
    {
      title: 'Revenue per month',
      labels: months(s),
      format: money,
      series: [
        { label: 'Books', values: s.months.map((m) => m.books_cents), color: '#11365A' },
        { label: 'Donations', values: s.months.map((m) => m.donations_cents), color: '#B4124F' },
      ],
    },
    {
      title: 'Sign-ups per month',
      labels: months(s),
      series: [{ label: 'New users', values: s.months.map((m) => m.signups), color: '#0B6E4F' }],
    },
  ],
};

export const usersDashboard: DashboardResource<Stats> = {
  title: 'Users dashboard',
  key: 'platform-stats',
  load: loadStats,
  cards: (s) => [
    ['Users', number.format(s.users)],
    ['Active', number.format(s.active_users)],
    ['Deactivated', number.format(s.users - s.active_users)],
    ...Object.entries(s.users_by_role).map(([role, n]): [string, string] => [
      ROLE_NAMES[role as keyof typeof ROLE_NAMES],
      number.format(n ?? 0),
    ]),
  ],
  charts: (s) => [
    {
      title: 'Sign-ups per month',
      labels: months(s),
      series: [{ label: 'New users', values: s.months.map((m) => m.signups), color: '#0B6E4F' }],
    },
  ],
};
