// Login cards, made entirely on the device so they print offline:
// Class_{name}_LoginDetails.pdf (A4 portrait, two cards per row, each 120 pt high with a 60 pt QR
// code) and one student's card as {username}_QR.png. Each QR holds the JSON {username, password}
// the sign-in page reads. jspdf and qrcode load only with this module (on demand).
//
// The QR is drawn as one vector path of its dark modules: crisp at any print size, and far
// quicker than rasterising 40 images.
import { jsPDF } from 'jspdf';
import QRCode from 'qrcode';
import { loginCardText } from '@/contract/login-card';
import { ROSTER_MSG } from '@/contract/messages';

export interface CardInfo {
  first_name: string;
  last_name: string;
  username: string;
  password: string;
  class_code: string;
}

export const CARD = { width: 260, height: 120, qr: 60, margin: 30, gap: 15, rowGap: 12 } as const;

export class MissingCredentialsError extends Error {
  constructor() {
    super(ROSTER_MSG.qrMissingCredentials);
  }
}

/** The QR modules for a card: size and whether the module at (row, col) is dark. */
export function cardQr(card: CardInfo) {
  if (!card.username || !card.password) throw new MissingCredentialsError();
  const { modules } = QRCode.create(loginCardText({ username: card.username, password: card.password }), { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row: number, col: number) => Boolean(modules.get(row, col)) };
}

const fileSafe = (name: string) =>
  name
    .trim()
    .replace(/[\\/:*?"<>|]+/g, '')
    .replace(/\s+/g, '_');

export const pdfFileName = (className: string) => `Class_${fileSafe(className)}_LoginDetails.pdf`;
export const pngFileName = (username: string) => `${fileSafe(username)}_QR.png`;

const n = (v: number) => v.toFixed(2);

/** The class's cards as a PDF (bytes). */
export function buildLoginPdf(className: string, cards: CardInfo[]): ArrayBuffer {
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait', compress: false });
  doc.setProperties({ title: `${className}: login details` });
  const pageHeight = doc.internal.pageSize.getHeight();
  const rowsPerPage = Math.floor((pageHeight - 2 * CARD.margin + CARD.rowGap) / (CARD.height + CARD.rowGap));
  const perPage = rowsPerPage * 2;
  cards.forEach((card, i) => {
    if (i > 0 && i % perPage === 0) doc.addPage();
    const slot = i % perPage;
    const x = CARD.margin + (slot % 2) * (CARD.width + CARD.gap);
    const y = CARD.margin + Math.floor(slot / 2) * (CARD.height + CARD.rowGap);
    doc.setDrawColor(17, 54, 90);
    doc.setLineWidth(1);
    doc.roundedRect(x, y, CARD.width, CARD.height, 8, 8, 'S');

    const qr = cardQr(card);
    const cell = CARD.qr / qr.size;
    const qx = x + 12;
    const qy = y + (CARD.height - CARD.qr) / 2;
    const path: string[] = [];
    for (let row = 0; row < qr.size; row++) {
      for (let col = 0; col < qr.size; col++) {
        // PDF space runs upwards from the page's foot.
        if (qr.dark(row, col)) path.push(`${n(qx + col * cell)} ${n(pageHeight - qy - (row + 1) * cell)} ${n(cell)} ${n(cell)} re`);
      }
    }
    (doc.internal as unknown as { write: (...parts: string[]) => void }).write(`q 0 g ${path.join(' ')} f Q`);

    const tx = qx + CARD.qr + 14;
    doc.setTextColor(17, 54, 90);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(12);
    doc.text(`${card.first_name} ${card.last_name}`.trim(), tx, y + 34, { maxWidth: CARD.width - (tx - x) - 10 });
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(10);
    doc.setTextColor(30, 30, 30);
    doc.text(`Username: ${card.username}`, tx, y + 56);
    doc.text(`Password: ${card.password}`, tx, y + 72);
    doc.text(`Class code: ${card.class_code}`, tx, y + 88);
  });
  return doc.output('arraybuffer');
}

/** One student's card as a PNG: the QR code above their name and sign-in details. */
export async function buildCardPng(card: CardInfo): Promise<Blob> {
  const qr = cardQr(card);
  const scale = 8;
  const quiet = 4;
  const side = (qr.size + quiet * 2) * scale;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side + 90;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(ROSTER_MSG.loginInfoFailed);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++) if (qr.dark(row, col)) ctx.fillRect((col + quiet) * scale, (row + quiet) * scale, scale, scale);
  }
  ctx.fillStyle = '#11365a';
  ctx.textAlign = 'center';
  ctx.font = 'bold 20px sans-serif';
  ctx.fillText(`${card.first_name} ${card.last_name}`.trim(), side / 2, side + 24);
  ctx.font = '16px sans-serif';
  ctx.fillText(`Username: ${card.username}`, side / 2, side + 50);
  ctx.fillText(`Password: ${card.password}  ·  Class: ${card.class_code}`, side / 2, side + 74);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(ROSTER_MSG.loginInfoFailed))), 'image/png'),
  );
}

export function saveFile(data: Blob, name: string) {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadClassLogin(className: string, cards: CardInfo[]) {
  saveFile(new Blob([buildLoginPdf(className, cards)], { type: 'application/pdf' }), pdfFileName(className));
}

export async function downloadStudentCard(card: CardInfo) {
  saveFile(await buildCardPng(card), pngFileName(card.username));
}
