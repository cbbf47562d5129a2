// "Download PDF" of a made book for its school's staff: the same print-ready file the printer gets
// (GET /books/{id}/print.pdf), fetched as the signed-in user and saved under the book's title.
import { useState } from 'react';
import { getFile } from '@/api/client';
import { BOOK_MSG } from '@/contract/book-forms';
import { useOnline } from '@/ui/use-online';

export const bookPdfName = (title: string) =>
  (title
    .replace(/[^A-Za-z0-9 _-]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60) || 'book') + '.pdf';

export function BookPdfButton({ bookId, title, className = 'button' }: { bookId: number; title: string; className?: string }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const press = async () => {
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
  return (
    <>
      <button type="button" className={className} disabled={busy || !online} onClick={() => void press()}>
        {busy ? 'Preparing the PDF…' : 'Download PDF'}
      </button>
      {failed && (
        <span className="notice notice-error" role="alert">
          {BOOK_MSG.pdfFailed}
        </span>
      )}
    </>
  );
}
