// Login cards, made entirely on the device so they print offline:
// Class_{name}_LoginDetails.pdf (A4 portrait, two cards per row, each 120 pt high with a 60 pt QR
// code) and one student's card as {username}_QR.png. Each QR holds the JSON {username, password}
// the sign-in page reads. jspdf and qrcode load only with this module (on demand).
//
// The QR is drawn as one vector path of its dark modules: crisp at any print size, and far
// quicker than rasterising 40 images.
import { PDFDocument, PDFOperator, PageSizes, rgb, type PDFOperatorNames } from 'pdf-lib';
import QRCode from 'qrcode';
import { loginCardText } from '@/contract/login-card';
import { ROSTER_MSG } from '@/contract/messages';
import { scriptText } from '@/contract/pdf-text';
import { toast } from '@/ui/toast';

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
const NAVY = rgb(17 / 255, 54 / 255, 90 / 255);
const INK = rgb(30 / 255, 30 / 255, 30 / 255);

/** A rounded rectangle as an SVG path from its top-left corner (y down), for drawSvgPath. */
const roundedRect = (w: number, h: number, r: number) =>
  `M ${r} 0 H ${w - r} Q ${w} 0 ${w} ${r} V ${h - r} Q ${w} ${h} ${w - r} ${h} H ${r} Q 0 ${h} 0 ${h - r} V ${r} Q 0 0 ${r} 0 Z`;

/**
 * The class's cards as a PDF (bytes). Names are set in Noto Sans, Noto Sans Devanagari or Noto
 * Sans Arabic as their letters need, shaped and subset (src/contract/pdf-text.ts): the fonts of
 * a script load only when a name is written in it.
 */
export async function buildLoginPdf(className: string, cards: CardInfo[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${className}: login details`);
  const names = cards.map((card) => `${card.first_name} ${card.last_name}`.trim());
  const details = cards.flatMap((card) => [`Username: ${card.username}`, `Password: ${card.password}`, `Class code: ${card.class_code}`]);
  // Every QR is checked before any font is fetched.
  const qrs = cards.map(cardQr);
  const text = await scriptText(doc, [...names, ...details], { weights: ['regular', 'bold'] });
  const [pageWidth, pageHeight] = PageSizes.A4;
  const rowsPerPage = Math.floor((pageHeight - 2 * CARD.margin + CARD.rowGap) / (CARD.height + CARD.rowGap));
  const perPage = rowsPerPage * 2;
  let page = doc.addPage([pageWidth, pageHeight]);
  cards.forEach((card, i) => {
    if (i > 0 && i % perPage === 0) page = doc.addPage([pageWidth, pageHeight]);
    const slot = i % perPage;
    const x = CARD.margin + (slot % 2) * (CARD.width + CARD.gap);
    const y = CARD.margin + Math.floor(slot / 2) * (CARD.height + CARD.rowGap);
    // PDF space runs upwards from the page's foot: `top(y)` turns a distance from the top into it.
    const top = (v: number) => pageHeight - v;
    page.drawSvgPath(roundedRect(CARD.width, CARD.height, 8), { x, y: top(y), borderColor: NAVY, borderWidth: 1 });

    const qr = qrs[i]!;
    const cell = CARD.qr / qr.size;
    const qx = x + 12;
    const qy = y + (CARD.height - CARD.qr) / 2;
    const path: string[] = [];
    for (let row = 0; row < qr.size; row++) {
      for (let col = 0; col < qr.size; col++) {
        if (qr.dark(row, col)) path.push(`${n(qx + col * cell)} ${n(top(qy + (row + 1) * cell))} ${n(cell)} ${n(cell)} re`);
      }
    }
    // One path of the dark modules, written as it is (tests/support/pdf-qr.ts reads it back).
    page.pushOperators(PDFOperator.of(`q 0 g ${path.join(' ')} f Q` as PDFOperatorNames));

    const tx = qx + CARD.qr + 14;
    const room = CARD.width - (tx - x) - 10;
    let size = 12;
    while (size > 7 && text.width(names[i]!, size, 'bold') > room) size -= 0.5;
    text.draw(page, names[i]!, { x: tx, y: top(y + 34), size, weight: 'bold', color: NAVY });
    [`Username: ${card.username}`, `Password: ${card.password}`, `Class code: ${card.class_code}`].forEach((line, l) =>
      text.draw(page, line, { x: tx, y: top(y + 56 + l * 16), size: 10, color: INK }),
    );
  });
  await text.finish();
  return doc.save({ useObjectStreams: false });
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

/** Makes and saves the class's PDF; a failure (a font that cannot be fetched) is told in a toast. */
export async function downloadClassLogin(className: string, cards: CardInfo[]) {
  try {
    const pdf = await buildLoginPdf(className, cards);
    saveFile(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), pdfFileName(className));
  } catch (err) {
    console.warn('login cards failed', err);
    toast('error', err instanceof Error && err.message ? err.message : ROSTER_MSG.loginInfoFailed);
  }
}

export async function downloadStudentCard(card: CardInfo) {
  saveFile(await buildCardPng(card), pngFileName(card.username));
}
