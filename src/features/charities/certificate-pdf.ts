// A donation certificate as a PDF (jspdf, A4 landscape), made in the browser on demand. In
// English, the amount and date included, whatever the page's language: its font (Helvetica) has
// Latin letters and digits only, until the PDFs embed fonts for every script (issue 26).
import { jsPDF } from 'jspdf';
import { formatDay } from '@/contract/day';
import { formatPrice } from '@/contract/price';

export interface CertificateFacts {
  id: number;
  donor: string;
  charity: string;
  cents: number;
  currency: string;
  date: string;
  site: string;
}

export function certificatePdf(f: CertificateFacts): jsPDF {
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'landscape' });
  const w = doc.internal.pageSize.getWidth();
  const h = doc.internal.pageSize.getHeight();
  doc
    .setDrawColor('#11365A')
    .setLineWidth(6)
    .rect(24, 24, w - 48, h - 48);
  doc.setLineWidth(1).rect(36, 36, w - 72, h - 72);
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(34)
    .text('Certificate of Donation', w / 2, 130, { align: 'center' });
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(16)
    .text('This certifies that', w / 2, 190, { align: 'center' });
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(28)
    .text(f.donor, w / 2, 235, { align: 'center' });
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(16)
    .text(`donated ${formatPrice(f.cents, f.currency)} to`, w / 2, 280, { align: 'center' });
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(24)
    .text(f.charity, w / 2, 320, { align: 'center' });
  doc.setFont('helvetica', 'normal').setFontSize(12);
  doc.text(`on ${formatDay(f.date)} through ${f.site}`, w / 2, 370, { align: 'center' });
  doc.text(`Certificate number DON-${String(f.id).padStart(6, '0')}`, w / 2, h - 70, { align: 'center' });
  return doc;
}
