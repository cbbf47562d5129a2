// "Read this book" on a book's library page, for a made book this visitor may read: shown when the
// device keeps a copy or the server has pages for it. Small on purpose: the library page loads it
// on demand, so the library's first load does not grow.
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useBookReading } from './use-book-reading';

export default function ReadBookLink({ bookId }: { bookId: number }) {
  const reading = useBookReading(bookId);
  if (reading.status !== 'ready') return null;
  return (
    <Link to="/library/$id/read" params={{ id: String(bookId) }} className="button">
      <Trans>Read this book</Trans>
    </Link>
  );
}
