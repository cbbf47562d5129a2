// /admin-panel/books-dashboard (issue 13): books, sales, what causes received, top books, books
// per school, and 12 months of sales and publications, from GET /api-super-admin/books-dashboard/.
import { msg } from '@lingui/core/macro';
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import type { DashboardResource } from '@/ui/admin/dashboard';
import { formatNumber, formatPrice } from '@/ui/format';

type Data = components['schemas']['BooksDashboard'];
const months = (d: Data) => d.months.map((m) => m.month);

export const booksDashboard: DashboardResource<Data> = {
  title: msg`Books dashboard`,
  key: 'books-dashboard',
  load: () => unwrap(api.GET('/api-super-admin/books-dashboard/')),
  cards: (d) => [
    [msg`Books`, formatNumber(d.books)],
    [msg`In the library`, formatNumber(d.published)],
    [msg`Made by classes`, formatNumber(d.made)],
    [msg`Waiting to be published`, formatNumber(d.waiting)],
    [msg`Hidden by moderators`, formatNumber(d.hidden)],
    [msg`Copies sold`, formatNumber(d.copies)],
    [msg`Sales`, formatPrice(d.sales_cents)],
    [msg`Given to causes`, formatPrice(d.raised_cents)],
    [
      msg`Top books`,
      d.top_books.length
        ? d.top_books
            .slice(0, 5)
            .map((b) => `${b.title} (${b.copies})`)
            .join(', ')
        : '—',
    ],
    [
      msg`Books per school`,
      d.per_school
        .slice(0, 5)
        .map((s) => `${s.school_name}: ${s.books}`)
        .join(', ') || '—',
    ],
  ],
  charts: (d) => [
    {
      title: msg`Book sales per month`,
      labels: months(d),
      format: (n) => formatPrice(n),
      series: [{ label: msg`Sales`, values: d.months.map((m) => m.sales_cents), color: '#11365A' }],
    },
    {
      title: msg`Copies sold and books published per month`,
      labels: months(d),
      series: [
        { label: msg`Copies sold`, values: d.months.map((m) => m.copies), color: '#B4124F' },
        { label: msg`Books published`, values: d.months.map((m) => m.published), color: '#0B6E4F' },
      ],
    },
  ],
};
