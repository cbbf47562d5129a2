// Keeps the PDF maker's shaper (HarfBuzz's WebAssembly) and the fonts a set of words needs on the
// device, ahead of any PDF (src/contract/pdf-tools-cache.ts says why and where). Small on
// purpose: only the files' addresses, never the PDF maker itself.
import harfbuzzWasm from 'harfbuzzjs/dist/harfbuzz.wasm?url';
import { FONT_FILES, familiesOf } from '@/contract/pdf-fonts';
import { PDF_TOOLS_CACHE } from '@/contract/pdf-tools-cache';

/** The files a PDF with `texts` in it is made with: the shaper and both weights of each script's font. */
export function pdfToolUrls(texts: string[]): string[] {
  const fonts = [...familiesOf(texts)].flatMap((family) => Object.values(FONT_FILES[family]).map((url) => url.href));
  return [new URL(harfbuzzWasm, location.href).href, ...fonts];
}

/** Fetches into the device's cache whichever of those files it does not hold yet. */
export async function keepPdfTools(texts: string[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(PDF_TOOLS_CACHE);
  for (const url of pdfToolUrls(texts)) if (!(await cache.match(url))) await cache.add(url);
}
