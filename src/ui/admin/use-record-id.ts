// The record an admin page opens: ?id= when the address has one, else the path's segment `param`
// (/admin-panel/user/12) when it is a number; null when neither (the page's list, or a new record).
import { useParams, useSearch } from '@tanstack/react-router';

export function useRecordId(param: string): number | null {
  const search = useSearch({ strict: false }) as { id?: number };
  const raw = (useParams({ strict: false }) as Record<string, string | undefined>)[param];
  return search.id ?? (raw && /^\d+$/.test(raw) ? Number(raw) : null);
}
