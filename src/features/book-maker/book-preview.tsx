// The maker's preview: the book page by page at its printed proportions (the cover, then each
// page), drawn by the same component the reader uses, with big Previous/Next buttons and arrows.
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '@/ui/format';
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
      // Right to left (Arabic), a book opens the other way: the next page is to the left.
      const rtl = document.documentElement.dir === 'rtl';
      if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) setAt((n) => Math.min(last, n + 1));
      if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) setAt((n) => Math.max(0, n - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);
  const page = at > 0 ? content.pages[at - 1] : undefined;
  const { t } = useLingui();
  const pageNumber = formatNumber(at);
  const pageCount = formatNumber(last);
  return (
    <section className="maker-preview" aria-label={t`Preview of the printed book`}>
      {file && <p className="notice">{file}</p>}
      {page ? <BookPageView content={content} page={page} number={at} /> : <BookCoverView content={content} />}
      <div className="maker-actions maker-preview-nav">
        <button type="button" className="button button-secondary maker-big" disabled={at === 0} onClick={() => go(at - 1)}>
          <Trans>Previous page</Trans>
        </button>
        <span role="status">{at === 0 ? t`Cover` : t`Page ${pageNumber} of ${pageCount}`}</span>
        <button type="button" className="button button-secondary maker-big" disabled={at === last} onClick={() => go(at + 1)}>
          <Trans>Next page</Trans>
        </button>
      </div>
    </section>
  );
}
