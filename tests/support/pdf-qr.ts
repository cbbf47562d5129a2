// Reads the QR codes back out of a login-card PDF: each card's code is one filled path of
// module squares; those squares are laid on a bitmap and decoded with ZXing, as a phone would.
import * as zxingModule from '@zxing/library';
import { pdfSource } from './pdf-scripts';

// ZXing ships CommonJS: Playwright's loader sees its exports only on the default export.
const { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } =
  (zxingModule as { default?: typeof zxingModule }).default ?? zxingModule;

const PATH = /q 0 g ((?:[\d.]+ [\d.]+ [\d.]+ [\d.]+ re ?)+) f Q/g;

/** The text of every QR code in the PDF, in drawing order. */
export function qrTextsInPdf(pdf: ArrayBuffer | Uint8Array): string[] {
  return [...pdfSource(pdf).matchAll(PATH)].map((m) => decodeSquares(m[1]!));
}

function decodeSquares(path: string): string {
  const squares = [...path.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)].map(
    (m) => m.slice(1, 5).map(Number) as [number, number, number, number],
  );
  const cell = squares[0]![2];
  const left = Math.min(...squares.map((s) => s[0]));
  const top = Math.max(...squares.map((s) => s[1] + s[3]));
  const modules = Math.round((Math.max(...squares.map((s) => s[0] + s[2])) - left) / cell);
  const scale = 4;
  const quiet = 4;
  const side = (modules + quiet * 2) * scale;
  const pixels = new Uint8ClampedArray(side * side).fill(255);
  for (const [x, y, , h] of squares) {
    const col = Math.round((x - left) / cell);
    const row = Math.round((top - (y + h)) / cell);
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) pixels[((row + quiet) * scale + dy) * side + (col + quiet) * scale + dx] = 0;
    }
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, side, side)));
  // The bitmap is the code itself, square and upright: read its grid as it is. (ZXing's finder
  // pattern search misjudges about 1 in 30 such perfect, synthetic images.)
  return new QRCodeReader().decode(bitmap, new Map([[DecodeHintType.PURE_BARCODE, true]])).getText();
}
