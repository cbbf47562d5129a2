// A donation certificate as a PDF (A4 landscape), made in the browser on demand. Its words are
// English (the amount and date included) whatever the page's language; the donor's and the
// charity's names are printed in whatever script they are written (src/ui/pdf-page.ts).
import { formatDay } from '@/contract/day';
import { formatPrice } from '@/contract/price';
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
  const lines = {
    title: 'Certificate of Donation',
    intro: 'This certifies that',
    amount: `donated ${formatPrice(f.cents, f.currency)} to`,
    when: `on ${formatDay(f.date)} through ${f.site}`,
    number: `Certificate number DON-${String(f.id).padStart(6, '0')}`,
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
