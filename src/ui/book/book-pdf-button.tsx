// "Download PDF" of a made book for its school's staff: the same print-ready file the printer gets
// (GET /books/{id}/print.pdf), fetched as the signed-in user and saved under the book's title.
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { useEffect, useState } from 'react';
import { getFile } from '@/api/client';
import { BOOK_MSG } from '@/contract/book-forms';
import { useOnline } from '@/ui/use-online';

export const bookPdfName = (title: string) =>
  (title
    .replace(/[^A-Za-z0-9 _-]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60) || 'book') + '.pdf';

export function BookPdfButton({
  bookId,
  title,
  className = 'button',
  waiting = false,
}: {
  bookId: number;
  title: string;
  className?: string;
  /** Changes of the book are still on this device: the server's PDF would miss them. */
  waiting?: boolean;
}) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [early, setEarly] = useState(false);
  useEffect(() => {
    if (!waiting) setEarly(false);
  }, [waiting]);
  const press = async () => {
    // Printed after the changes, never ahead: a PDF without the newest page is not offered.
    setEarly(waiting);
    if (waiting) return;
    setBusy(true);
    setFailed(false);
    try {
      const blob = await getFile(`/books/${bookId}/print.pdf`);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = bookPdfName(title);
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      console.warn('book PDF failed', err);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const { t } = useLingui();
  const known = useKnown();
  return (
    <>
      <button type="button" className={className} disabled={busy || !online} onClick={() => void press()}>
        {busy ? t`Preparing the PDF…` : t`Download PDF`}
      </button>
      {early && (
        <span className="notice" role="status">
          <Trans>The PDF is made from what the school has: it is ready once this book’s changes are sent.</Trans>
        </span>
      )}
      {failed && (
        <span className="notice notice-error" role="alert">
          {known(BOOK_MSG.pdfFailed)}
        </span>
      )}
    </>
  );
}
