// A donation certificate as a PDF (A4 landscape), made in the browser on demand. Its words, the
// amount and the date are in the page's language; the donor's and the charity's names are printed
// in whatever script they are written (src/ui/pdf-page.ts).
import { t } from '@lingui/core/macro';
import { formatDay, formatPrice } from '@/ui/format';
import { A4_LANDSCAPE, makePdf } from '@/ui/pdf-page';

export interface CertificateFacts {
  id: number;
  donor: string;
  charity: string;
  cents: number;
  currency: string;
  date: string;
  site: string;
}

export function certificatePdf(f: CertificateFacts): Promise<Uint8Array> {
  const amount = formatPrice(f.cents, f.currency);
  const date = formatDay(f.date);
  const { site } = f;
  // A certificate number is a reference, the same in every language.
  const number = `DON-${String(f.id).padStart(6, '0')}`;
  const lines = {
    title: t`Certificate of Donation`,
    intro: t`This certifies that`,
    amount: t`donated ${amount} to`,
    when: t`on ${date} through ${site}`,
    number: t`Certificate number ${number}`,
  };
  return makePdf(A4_LANDSCAPE, [...Object.values(lines), f.donor, f.charity], (pen) => {
    const { width: w, height: h } = pen;
    const mid = w / 2;
    pen.rect({ x: 24, y: 24, w: w - 48, h: h - 48 }, 6);
    pen.rect({ x: 36, y: 36, w: w - 72, h: h - 72 }, 1);
    pen.text(lines.title, mid, 130, { size: 34, weight: 'bold', align: 'center' });
    pen.text(lines.intro, mid, 190, { size: 16, align: 'center' });
    pen.text(pen.fit(f.donor, w - 120, { size: 28, weight: 'bold' }), mid, 235, { size: 28, weight: 'bold', align: 'center' });
    pen.text(lines.amount, mid, 280, { size: 16, align: 'center' });
    pen.text(pen.fit(f.charity, w - 120, { size: 24, weight: 'bold' }), mid, 320, { size: 24, weight: 'bold', align: 'center' });
    pen.text(lines.when, mid, 370, { size: 12, align: 'center' });
    pen.text(lines.number, mid, h - 70, { size: 12, align: 'center' });
  });
}
