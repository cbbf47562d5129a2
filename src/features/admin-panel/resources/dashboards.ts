// The platform dashboards, declared once: dashboard (tenants, users, content, orders, donations,
// revenue over 12 months), users-dashboard and user-dashboard (users by role, active, sign-ups).
// One load each: GET /api-super-admin/stats/.
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
  title: 'Platform dashboard',
  key: 'platform-stats',
  load: loadStats,
  cards: (s) => [
    ['Schools', formatNumber(s.schools)],
    ['Organizations', formatNumber(s.organizations)],
    ['Users', formatNumber(s.users)],
    ['Teachers', formatNumber(s.users_by_role.teacher ?? 0)],
    ['Students', formatNumber(s.users_by_role.student ?? 0)],
    ['Stories', formatNumber(s.stories)],
    ['Books', formatNumber(s.books)],
    ['Orders paid', formatNumber(s.orders_by_status.success ?? 0)],
    ['Donations', `${formatNumber(s.donations)} · ${money(s.donations_cents)}`],
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
    ['Users', formatNumber(s.users)],
    ['Active', formatNumber(s.active_users)],
    ['Deactivated', formatNumber(s.users - s.active_users)],
    ...Object.entries(s.users_by_role).map(([role, n]): [string, string] => [
      ROLE_NAMES[role as keyof typeof ROLE_NAMES],
      formatNumber(n ?? 0),
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
