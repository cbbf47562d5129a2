// A child's books on their dashboard, drafts first: the books made on this tablet (from the
// device) and the ones the server knows (their own and their classes', `GET /book-drafts/`),
// kept on the device each time they are fetched (src/data/my-lists.ts, gone at sign-out), so the
// list shows with no network too. Light: no editor code, the dashboard's chunk stays small.
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { useSessionUser } from '@/api/use-session';
import type { components } from '@/api/schema';
import { hasShape } from '@/contract/shape';
import { ownerDocuments } from '@/data/documents';
import { useLive } from '@/data/live';
import { keepMyList, keptMyList } from '@/data/my-lists';
import { useOnline } from '@/ui/use-online';
import { bookStatusText } from './book-status';

type ServerBook = components['schemas']['BookDraftList']['results'][number];
const isServerBook = (row: unknown): row is ServerBook =>
  hasShape(row, { slug: 'string', title: 'string', status: 'string', class_id: 'number?', page_count: 'number' });

interface Row {
  slug: string;
  title: string;
  status: string;
  classBook: boolean;
  onDevice: boolean;
}

const ORDER = ['draft', 'sending', 'submitted', 'class', 'published'];
const rank = (status: string) => (ORDER.includes(status) ? ORDER.indexOf(status) : ORDER.length);

export function MyBooksList() {
  const owner = useSessionUser()?.id ?? null;
  const online = useOnline();
  const { t } = useLingui();
  const remote = useRemote(online && owner ? `my-books:${owner}` : null, async () => {
    const data = await unwrap(api.GET('/book-drafts/', { params: { query: { limit: 50 } } }));
    await keepMyList('books', owner!, data.results);
    return data;
  });
  const kept = useLive(() => (owner ? keptMyList('books', owner, isServerBook) : null), [owner]);
  const device = useLive(() => (owner ? ownerDocuments(owner, 'book') : []), [owner]);
  if (kept === undefined || device === undefined)
    return (
      <p>
        <Trans>Loading your books…</Trans>
      </p>
    );
  const rows = new Map<string, Row>(
    (kept?.rows ?? []).map((b) => [
      b.slug,
      { slug: b.slug, title: b.title, status: b.status, classBook: b.class_id !== null, onDevice: false },
    ]),
  );
  for (const d of device) {
    const meta = d.meta as { title?: string; status?: string; class_id?: number | null };
    const known = rows.get(d.id);
    rows.set(d.id, {
      slug: d.id,
      title: known?.title || meta.title || '',
      // What this tablet still has to send wins over the server's last word.
      status: meta.status === 'sending' ? 'sending' : (known?.status ?? meta.status ?? 'draft'),
      classBook: known?.classBook ?? !!meta.class_id,
      onDevice: true,
    });
  }
  const books = [...rows.values()].sort((a, b) => rank(a.status) - rank(b.status));
  return (
    <section aria-labelledby="my-books-title">
      <h2 id="my-books-title">
        <Trans>My books</Trans>
      </h2>
      {!kept && (!online || remote.status === 'failed') ? (
        <p className="notice" role="status">
          <Trans>These are the books on this tablet. Your other books show here when the tablet is online.</Trans>
        </p>
      ) : null}
      {!books.length ? (
        <p>
          <Trans>No books yet.</Trans>
        </p>
      ) : null}
      <ul className="story-list">
        {books.map((b) => {
          const title = b.title || t`My book`;
          const status = bookStatusText(b.status);
          return (
            <li key={b.slug} className="story-row">
              <h3>{b.title || t`My book (no title yet)`}</h3>
              <p>{b.classBook ? t`${status} · a class book` : status}</p>
              <div className="story-actions">
                <Link to="/uploadbook/$slug" params={{ slug: b.slug }} className="button">
                  {t`Open “${title}”`}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
