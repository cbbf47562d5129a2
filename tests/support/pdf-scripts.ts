// Looks at a PDF as a reader and a printer would, with poppler's tools (poppler-utils): its text
// (pdftotext), its fonts (pdffonts) and its pages as pixels (pdftoppm), and lists the glyphs its
// composite fonts draw, so a test can tell that a name in Devanagari or Arabic is really there.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

function withFile<T>(pdf: Uint8Array, read: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-scripts-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return read(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text a reader extracts (bidirectional embedding marks taken out). */
export function pdfText(pdf: Uint8Array): string {
  return withFile(pdf, (file) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })).replace(
    /[\u202a-\u202e]/g,
    '',
  );
}

/** The fonts as pdffonts lists them: name, embedded, subset. */
export function pdfFonts(pdf: Uint8Array): { name: string; embedded: boolean; subset: boolean }[] {
  const out = withFile(pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
  return out
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => {
      const cols = line.trim().split(/\s+/);
      // name type… encoding emb sub uni object-id generation
      return { name: cols[0]!, embedded: cols.at(-5) === 'yes', subset: cols.at(-4) === 'yes' };
    });
}

/**
 * The PDF as Latin-1 text with every Flate stream also given inflated (after the file), so that
 * drawing operators can be read whether or not the maker compressed its pages.
 */
export function pdfSource(pdf: Uint8Array | ArrayBuffer): string {
  const bytes = pdf instanceof Uint8Array ? pdf : new Uint8Array(pdf);
  const raw = new TextDecoder('latin1').decode(bytes);
  const inflated: string[] = [];
  for (const m of raw.matchAll(/\/FlateDecode[^]*?>>\s*stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      inflated.push(new TextDecoder('latin1').decode(inflateSync(bytes.subarray(start, end))));
    } catch {
      // Not a stream this reader needs (an image, or bytes ending before the marker's newline).
    }
  }
  return [raw, ...inflated].join('\n');
}

/** The hex glyph ids drawn with Tj in the content streams. */
export function drawnGlyphIds(pdf: Uint8Array): number[] {
  const text = pdfSource(pdf);
  return [...text.matchAll(/<([0-9a-fA-F]{4})> Tj/g)].map((m) => parseInt(m[1]!, 16));
}

/** The first page rendered at `dpi` (grey), as pixels from the top-left. */
export function renderPage(
  pdf: Uint8Array,
  dpi = 72,
): { width: number; height: number; dark(x0: number, y0: number, x1: number, y1: number): number } {
  return withFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-gray', file, join(dir, 'page')]);
    const name = execFileSync('ls', [dir], { encoding: 'utf8' })
      .split('\n')
      .find((f) => f.startsWith('page'))!;
    const pgm = readFileSync(join(dir, name));
    // P5 width height 255\n then one byte a pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(new TextDecoder('latin1').decode(pgm.subarray(0, 40)))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const pixels = pgm.subarray(header[0].length);
    return {
      width,
      height,
      /** How many pixels of the box (in points from the top-left) are darker than mid-grey. */
      dark(x0, y0, x1, y1) {
        const k = dpi / 72;
        let count = 0;
        for (let y = Math.round(y0 * k); y < Math.round(y1 * k); y++)
          for (let x = Math.round(x0 * k); x < Math.round(x1 * k); x++) if (pixels[y * width + x]! < 128) count++;
        return count;
      },
    };
  });
}
