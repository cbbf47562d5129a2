// The maker's preview: the book page by page at its printed proportions (the cover, then each
// page), drawn by the same component the reader uses, with big Previous/Next buttons and arrows.
import { useEffect, useState } from 'react';
import type { BookContent } from '@/contract/book-pages';
import { BookCoverView, BookPageView } from '@/ui/book/book-page-view';

export function BookPreview({ content, file }: { content: BookContent; file: string | null }) {
  const [at, setAt] = useState(0);
  const last = content.pages.length;
  const go = (n: number) => setAt(Math.max(0, Math.min(last, n)));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      if (e.key === 'ArrowRight') setAt((n) => Math.min(last, n + 1));
      if (e.key === 'ArrowLeft') setAt((n) => Math.max(0, n - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);
  const page = at > 0 ? content.pages[at - 1] : undefined;
  return (
    <section className="maker-preview" aria-label="Preview of the printed book">
      {file && <p className="notice">{file}</p>}
      {page ? <BookPageView content={content} page={page} number={at} /> : <BookCoverView content={content} />}
      <div className="maker-actions maker-preview-nav">
        <button type="button" className="button button-secondary maker-big" disabled={at === 0} onClick={() => go(at - 1)}>
          Previous page
        </button>
        <span role="status">{at === 0 ? 'Cover' : `Page ${at} of ${last}`}</span>
        <button type="button" className="button button-secondary maker-big" disabled={at === last} onClick={() => go(at + 1)}>
          Next page
        </button>
      </div>
    </section>
  );
}
