// /admin-panel/books-dashboard (issue 13): books, sales, what causes received, top books, books
// per school, and 12 months of sales and publications, from GET /api-super-admin/books-dashboard/.
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import type { DashboardResource } from '@/ui/admin/dashboard';
import { formatNumber, formatPrice } from '@/ui/format';

type Data = components['schemas']['BooksDashboard'];
const months = (d: Data) => d.months.map((m) => m.month);

export const booksDashboard: DashboardResource<Data> = {
  title: 'Books dashboard',
  key: 'books-dashboard',
  load: () => unwrap(api.GET('/api-super-admin/books-dashboard/')),
  cards: (d) => [
    ['Books', formatNumber(d.books)],
    ['In the library', formatNumber(d.published)],
    ['Made by classes', formatNumber(d.made)],
    ['Waiting to be published', formatNumber(d.waiting)],
    ['Hidden by moderators', formatNumber(d.hidden)],
    ['Copies sold', formatNumber(d.copies)],
    ['Sales', formatPrice(d.sales_cents)],
    ['Given to causes', formatPrice(d.raised_cents)],
    [
      'Top books',
      d.top_books.length
        ? d.top_books
            .slice(0, 5)
            .map((b) => `${b.title} (${b.copies})`)
            .join(', ')
        : '—',
    ],
    [
      'Books per school',
      d.per_school
        .slice(0, 5)
        .map((s) => `${s.school_name}: ${s.books}`)
        .join(', ') || '—',
    ],
  ],
  charts: (d) => [
    {
      title: 'Book sales per month',
      labels: months(d),
      format: (n) => formatPrice(n),
      series: [{ label: 'Sales', values: d.months.map((m) => m.sales_cents), color: '#11365A' }],
    },
    {
      title: 'Copies sold and books published per month',
      labels: months(d),
      series: [
        { label: 'Copies sold', values: d.months.map((m) => m.copies), color: '#B4124F' },
        { label: 'Books published', values: d.months.map((m) => m.published), color: '#0B6E4F' },
      ],
    },
  ],
};
