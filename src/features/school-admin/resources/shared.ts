// Pieces the school- and organization-area declarations share: queueing one change per chosen
// row (bulk actions on endpoints that take one record), dates, numbers and money.
import type { SaveOutcome } from '@/ui/admin/resource';
import { formatDate, formatNumber, formatPrice } from '@/ui/format';

/** Queues one write per row; the outcome is the first failure, else queued or sent. */
export async function eachRow<Row>(rows: Row[], write: (row: Row) => Promise<SaveOutcome>): Promise<SaveOutcome> {
  const outcomes = await Promise.all(rows.map(write));
  return outcomes.find((o) => o.status === 'failed') ?? outcomes.find((o) => o.status === 'queued') ?? { status: 'sent' };
}

export const day = (iso: string | null) => (iso ? formatDate(iso) : '—');
export const number = { format: formatNumber };
export const money = (cents: number) => formatPrice(cents);
