// Login cards, made entirely on the device so they print offline:
// Class_{name}_LoginDetails.pdf (A4 portrait, two cards per row, each 120 pt high with a 60 pt QR
// code) and one student's card as {username}_QR.png. Each QR holds the JSON {username, password}
// the sign-in page reads. The PDF is made like the device's other PDFs (src/ui/pdf-page.ts): its
// words in the page's language, mirrored right to left in Arabic (the QR code on the right, never
// itself mirrored), and each child's name set in the script it is written in (Latin, Devanagari,
// Arabic), shaped, with its font embedded. This module, pdf-lib and qrcode load on demand.
import { t } from '@lingui/core/macro';
import QRCode from 'qrcode';
import { loginCardText } from '@/contract/login-card';
import { ROSTER_MSG } from '@/contract/messages';
import { A4, makePdf, saveFile, savePdf, type Box } from '@/ui/pdf-page';

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

// The files' names are the same in every language (the spec's).
// eslint-disable-next-line lingui/no-unlocalized-strings -- a file's name
export const pdfFileName = (className: string) => `Class_${fileSafe(className)}_LoginDetails.pdf`;
export const pngFileName = (username: string) => `${fileSafe(username)}_QR.png`;

const cardName = (card: CardInfo) => `${card.first_name} ${card.last_name}`.trim();
function cardDetails({ username, password, class_code: code }: CardInfo) {
  return [t`Username: ${username}`, t`Password: ${password}`, t`Class code: ${code}`];
}

/** The class's cards as a PDF (bytes). */
export async function buildLoginPdf(className: string, cards: CardInfo[]): Promise<Uint8Array> {
  // Every QR is made (and a card without credentials refused) before any font is fetched.
  const qrs = cards.map(cardQr);
  const names = cards.map(cardName);
  const [, pageHeight] = A4;
  const rowsPerPage = Math.floor((pageHeight - 2 * CARD.margin + CARD.rowGap) / (CARD.height + CARD.rowGap));
  const perPage = rowsPerPage * 2;
  const details = cards.map(cardDetails);
  return makePdf(
    A4,
    [...names, ...details.flat()],
    (pen) => {
      cards.forEach((_, i) => {
        if (i > 0 && i % perPage === 0) pen.addPage();
        const slot = i % perPage;
        const x = CARD.margin + (slot % 2) * (CARD.width + CARD.gap);
        const y = CARD.margin + Math.floor(slot / 2) * (CARD.height + CARD.rowGap);
        pen.rect({ x, y, w: CARD.width, h: CARD.height }, 1, 8);

        const qr = qrs[i]!;
        const cell = CARD.qr / qr.size;
        const qx = x + 12;
        const qy = y + (CARD.height - CARD.qr) / 2;
        const modules: Box[] = [];
        for (let row = 0; row < qr.size; row++) {
          for (let col = 0; col < qr.size; col++)
            if (qr.dark(row, col)) modules.push({ x: qx + col * cell, y: qy + row * cell, w: cell, h: cell });
        }
        pen.squares(modules);

        const tx = qx + CARD.qr + 14;
        const room = CARD.width - (tx - x) - 10;
        // A long name is set smaller until it fits beside the code.
        let size = 12;
        while (size > 7 && pen.measure(names[i]!, { size, weight: 'bold' }) > room) size -= 0.5;
        pen.text(names[i]!, tx, y + 34, { size, weight: 'bold', tone: 'navy' });
        // The details are never cut (a child types them): a long line sets them all smaller.
        let detailSize = 10;
        while (detailSize > 7 && details[i]!.some((line) => pen.measure(line, { size: detailSize }) > room)) detailSize -= 0.5;
        details[i]!.forEach((line, l) => pen.text(line, tx, y + 56 + l * 16, { size: detailSize }));
      });
    },
    t`${className}: login details`,
  );
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
  // The page's direction, so Arabic words and the names beside them are put in their order.
  ctx.direction = document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS font, not words
  ctx.font = 'bold 20px sans-serif';
  ctx.fillText(cardName(card), side / 2, side + 24);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS font, not words
  ctx.font = '16px sans-serif';
  const { username, password, class_code: code } = card;
  ctx.fillText(t`Username: ${username}`, side / 2, side + 50);
  ctx.fillText(t`Password: ${password}  ·  Class: ${code}`, side / 2, side + 74);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(ROSTER_MSG.loginInfoFailed))), 'image/png'),
  );
}

export async function downloadClassLogin(className: string, cards: CardInfo[]) {
  savePdf(await buildLoginPdf(className, cards), pdfFileName(className));
}

export async function downloadStudentCard(card: CardInfo) {
  saveFile(await buildCardPng(card), pngFileName(card.username));
}
