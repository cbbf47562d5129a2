// The reader of a made book (/library/{id}/read): the cover, then one page at a time at its
// printed proportions; arrow keys, swipe and big Previous/Next buttons turn pages; the page's
// words are real text (read out by screen readers, which hear the page number as it changes).
// Opens from the device's kept copy, so a book opened once reads again with no network.
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '@/ui/format';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { BookContent } from '@/contract/book-pages';
import { BookCoverView, BookPageView, findBookPictures } from '@/ui/book/book-page-view';
import { useBookReading } from './use-book-reading';
import './reader.css';

const SWIPE_PX = 50;
const rightToLeft = () => document.documentElement.dir === 'rtl';

export function BookReader({ id }: { id: number }) {
  const reading = useBookReading(id);
  if (reading.status === 'loading') return <section className="page reader" aria-busy="true" />;
  if (reading.status === 'missing')
    return (
      <section className="page reader">
        <h1>
          <Trans>Read a book</Trans>
        </h1>
        <p className="notice notice-warning">
          {reading.offline ? (
            <Trans>This book has not been opened on this device yet. Connect to the internet to read it.</Trans>
          ) : (
            <Trans>This book cannot be read here.</Trans>
          )}
        </p>
        <Link to="/library">
          <Trans>Go to the library</Trans>
        </Link>
      </section>
    );
  return (
    <>
      <Pages content={reading.book.content} />
      <p className="reader-about">
        <Link to="/library/$id" params={{ id: String(id) }}>
          <Trans>About this book</Trans>
        </Link>
      </p>
    </>
  );
}

/** The pages themselves (no router needed: the benchmark mounts them alone). */
export function Pages({ content }: { content: BookContent }) {
  const last = content.pages.length;
  const [at, setAt] = useState(0);
  const go = useCallback((n: number) => setAt(Math.max(0, Math.min(last, n))), [last]);
  const start = useRef<{ x: number; y: number } | null>(null);
  const { t } = useLingui();
  const pageNumber = formatNumber(at);
  const pageCount = formatNumber(last);
  // The pictures kept on the device, found once: a page drawn ahead shows its own at once, without asking the server first.
  useEffect(() => void findBookPictures(content), [content]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Right to left (Arabic), a book opens the other way: the next page is to the left.
      const [forward, backward] = rightToLeft() ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
      if (e.key === forward || e.key === 'PageDown') setAt((n) => Math.min(last, n + 1));
      else if (e.key === backward || e.key === 'PageUp') setAt((n) => Math.max(0, n - 1));
      else if (e.key === 'Home') setAt(0);
      else if (e.key === 'End') setAt(last);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);
  return (
    <section className="page reader" aria-labelledby="reader-title">
      <h1 id="reader-title" className="reader-title">
        {content.title}
      </h1>
      {content.file ? (
        <p>
          <a className="button reader-big" href={content.file} target="_blank" rel="noopener">
            <Trans>Open the book (PDF)</Trans>
          </a>
        </p>
      ) : (
        <>
          <div
            className="reader-stage"
            data-testid="reader-stage"
            onPointerDown={(e) => (start.current = { x: e.clientX, y: e.clientY })}
            onPointerUp={(e) => {
              const s = start.current;
              start.current = null;
              if (!s) return;
              const dx = e.clientX - s.x;
              // A swipe towards the page's start turns forward: leftwards, or rightwards right to left.
              const forward = rightToLeft() ? dx > 0 : dx < 0;
              if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - s.y)) go(at + (forward ? 1 : -1));
            }}
          >
            {/* The pages either side are drawn ahead, hidden, so a turn shows a page whose pictures are already loaded. */}
            {[at - 1, at, at + 1]
              .filter((n) => n >= 0 && n <= last)
              .map((n) => (
                <div
                  key={n === 0 ? 'cover' : content.pages[n - 1]!.id}
                  className={n === at ? 'reader-sheet' : 'reader-sheet reader-ahead'}
                  aria-hidden={n === at ? undefined : true}
                >
                  {n === 0 ? (
                    <BookCoverView content={content} />
                  ) : (
                    <BookPageView content={content} page={content.pages[n - 1]!} number={n} />
                  )}
                </div>
              ))}
          </div>
          {/* Previous first: on the left, or on the right when the page reads right to left (the flex row turns round). */}
          <nav className="reader-nav" aria-label={t`Turn the pages`}>
            <button type="button" className="button button-secondary reader-big" disabled={at === 0} onClick={() => go(at - 1)}>
              <Trans>Previous page</Trans>
            </button>
            <span role="status" aria-live="polite" className="reader-where">
              {at === 0 ? t`Cover` : t`Page ${pageNumber} of ${pageCount}`}
            </span>
            <button type="button" className="button button-secondary reader-big" disabled={at === last} onClick={() => go(at + 1)}>
              <Trans>Next page</Trans>
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
