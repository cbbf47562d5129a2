// What the server sent with the page (server/http/page-data.ts): the data its first screen was
// drawn from, as JSON in <script type="application/json" id="page-data">, so React draws the
// same screen at once without asking again. It holds for the address it was sent for only.
import { hasShape } from '@/contract/shape';

let sent: { path: string; data: Record<string, unknown> } | null | undefined;

function read() {
  const raw = typeof document === 'undefined' ? null : document.getElementById('page-data')?.textContent;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!hasShape(parsed, { path: 'string' }) || typeof parsed.data !== 'object' || parsed.data === null) return null;
    return parsed as { path: string; data: Record<string, unknown> };
  } catch {
    return null;
  }
}

/** The named part of what came with this page, if it came for `path`. */
export function sentWithPage<T>(key: string, path: string): T | undefined {
  sent ??= read();
  return sent && sent.path === path ? (sent.data[key] as T | undefined) : undefined;
}
