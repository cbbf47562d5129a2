// One page of a made book as it will be printed: the page at its trim's proportions (A5 or
// square), laid out by its template (picture above text, text only, full picture, two pictures),
// with the page's credit. The maker's preview and the reader both draw BookContent with it, so
// what a class previews is what a reader sees and what the print-ready PDF is made from.
import { formatNumber } from '@/ui/format';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { BOOK_TRIMS, type BookContent, type BookPage } from '@/contract/book-pages';
import { pictureSrc } from '@/contract/document';
import { knownPictureUrl, localPictureUrl } from '@/data/documents';
import './book.css';

/** A picture by id: the server's copy, or this device's own until the server has it. */
export function BookPicture({ id, alt, className }: { id: string; alt: string; className?: string }) {
  const [src, setSrc] = useState(() => knownPictureUrl(id) ?? pictureSrc(id));
  useEffect(() => {
    const known = knownPictureUrl(id);
    setSrc(known ?? pictureSrc(id));
    if (!known) void localPictureUrl(id).then((url) => url && setSrc(url));
  }, [id]);
  // Decoded off the main thread as soon as it is known, so a page drawn ahead (hidden) shows at once when turned to.
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => void img.current?.decode().catch(() => undefined), [src]);
  return <img ref={img} className={className} src={src} alt={alt} decoding="async" draggable={false} />;
}

/** Finds the book's pictures kept on this device (object URLs) before its pages are drawn, so no page asks the server first. */
export async function findBookPictures(content: BookContent): Promise<void> {
  const ids = new Set([content.cover.picture, ...content.pages.flatMap((p) => p.pictures)].filter((id): id is string => !!id));
  await Promise.all([...ids].map((id) => localPictureUrl(id).catch(() => null)));
}

const aspect = (trim: BookContent['trim']) => `${BOOK_TRIMS[trim].width} / ${BOOK_TRIMS[trim].height}`;

export function BookCoverView({ content }: { content: BookContent }) {
  const { t } = useLingui();
  const authors = content.cover.authors;
  return (
    <article className="book-sheet book-cover" style={{ aspectRatio: aspect(content.trim) }} aria-label={t`Cover`}>
      {content.cover.picture && <BookPicture id={content.cover.picture} alt="" className="book-cover-picture" />}
      <div className="book-cover-words">
        <h2 className="book-cover-title">{content.title || t`My book`}</h2>
        {authors && <p className="book-cover-authors">{t`by ${authors}`}</p>}
      </div>
    </article>
  );
}

export function BookPageView({ content, page, number }: { content: BookContent; page: BookPage; number: number }) {
  const { t } = useLingui();
  const pageNumber = formatNumber(number);
  const pictures = page.pictures.map((id, i) => {
    const picture = formatNumber(i + 1);
    return <BookPicture key={`${id}-${i}`} id={id} alt={t`Picture ${picture} of page ${pageNumber}`} className="book-picture" />;
  });
  const author = page.author?.name;
  const text = page.html ? <div className="book-text" dangerouslySetInnerHTML={{ __html: page.html }} /> : null;
  return (
    <article
      className={`book-sheet book-layout-${page.layout}`}
      style={{ aspectRatio: aspect(content.trim) }}
      aria-label={t`Page ${pageNumber}`}
    >
      {page.layout === 'full-picture' ? (
        <>
          {pictures[0] ?? <div className="book-picture book-picture-empty" aria-hidden="true" />}
          {page.text && <div className="book-text book-text-over">{text}</div>}
        </>
      ) : (
        <>
          {page.layout !== 'text-only' && (
            <div className="book-pictures">
              {pictures.length ? pictures : <div className="book-picture book-picture-empty" aria-hidden="true" />}
            </div>
          )}
          {text}
        </>
      )}
      <footer className="book-page-foot">
        {author && <span className="book-credit">{t`Written by ${author}`}</span>}
        <span className="book-page-number">{formatNumber(number)}</span>
      </footer>
    </article>
  );
}
