// Names and words in any of our scripts on a PDF page (pdf-lib), shared by the device (login
// cards) and the server (print books): Latin, Devanagari and Arabic in Noto Sans, shaped by
// HarfBuzz (harfbuzzjs, WASM: Arabic letters joined and set right to left, Devanagari conjuncts
// and vowel signs in place), each font embedded as a subset of the glyphs the document uses.
//
// pdf-lib's own drawText cannot do this: it maps characters to glyphs one by one (no joining, no
// conjuncts, no marks placed). So the text is cut into runs of one script, each run shaped by
// HarfBuzz into glyph ids and positions, the runs put in visual order (the Unicode bidirectional
// rules for one line without explicit embeddings: Arabic with Latin words, and numbers, Latin or
// Arabic-Indic, left to right inside Arabic), and every glyph drawn at its place. The fonts are written as Type0/CIDFontType2 with a
// ToUnicode map, and each line is marked with its text (ActualText), so copying or extracting
// the text gives the words in their logical order.
//
// Heavy parts load on demand: harfbuzzjs (and its WASM) when the first document is made, a
// script's fonts only when the document has words in that script. The font files are in
// ./fonts, named in ./pdf-fonts.ts; the caller says how to read them (fetch on the device, the
// file system on the server).
import fontkit from '@pdf-lib/fontkit';
import {
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  PDFString,
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type Color,
  type PDFDocument,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import type { Font as FkFont, Subset } from 'pdf-lib/cjs/types/fontkit';
import { FONT_FILES, familiesOf, familyOf, type Family, type Weight } from './pdf-fonts';

export type { Family, Weight } from './pdf-fonts';
export { FONT_FILES, familyOf } from './pdf-fonts';

/** Reads a font file (its bytes). */
export type ReadFont = (url: URL) => Promise<Uint8Array>;

interface NodeFs {
  readFileSync(url: URL): Uint8Array;
}
/**
 * Reads a font: from the server's disk (a file: URL, Node's fs reached without an import so the
 * device's bundle has none), else over HTTP from the app's own origin (Vite's asset URL).
 */
export const readFont: ReadFont = async (url) => {
  if (url.protocol === 'file:') {
    const fs = (globalThis as unknown as { process: { getBuiltinModule(name: string): NodeFs } }).process.getBuiltinModule('node:fs');
    return new Uint8Array(fs.readFileSync(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Font ${url.pathname} could not be loaded (${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
};

interface Run {
  family: Family;
  text: string;
  /** Its embedding level (Unicode bidi): even reads left to right, odd right to left. */
  level: number;
  /** 'rtl' at an odd level, else 'ltr'. */
  dir: 'ltr' | 'rtl';
}

/** Bidirectional character types (UAX #9), the ones a line of ours can hold. */
type Bidi = 'L' | 'R' | 'AL' | 'EN' | 'ES' | 'ET' | 'AN' | 'CS' | 'NSM' | 'BN' | 'WS' | 'ON';

const inRanges = (cp: number, ranges: readonly (readonly [number, number])[]) => ranges.some(([a, b]) => cp >= a && cp <= b);
// In the Arabic blocks, what is not a letter: number signs and digits (AN), marks, separators.
const ARABIC_NUMBERS = [
  [0x0600, 0x0605],
  [0x0660, 0x0669],
  [0x066b, 0x066c],
  [0x06dd, 0x06dd],
  [0x0890, 0x0891],
  [0x08e2, 0x08e2],
] as const;
const ARABIC_MARKS = [
  [0x0610, 0x061a],
  [0x064b, 0x065f],
  [0x0670, 0x0670],
  [0x06d6, 0x06dc],
  [0x06df, 0x06e4],
  [0x06e7, 0x06e8],
  [0x06ea, 0x06ed],
] as const;
const RIGHT_TO_LEFT = [
  [0x0590, 0x05ff],
  [0x07c0, 0x085f],
  [0xfb1d, 0xfb4f],
] as const;
const ARABIC_LETTERS = [
  [0x0600, 0x06ff],
  [0x0700, 0x074f],
  [0x0750, 0x07bf],
  [0x0860, 0x08ff],
  [0xfb50, 0xfdff],
  [0xfe70, 0xfefe],
] as const;
// Arabic's punctuation (؟ ؛ ۔) is Arabic letters' type, but for a few signs.
const ARABIC_NEUTRALS = [
  [0x0606, 0x0607],
  [0x060e, 0x060f],
  [0x06de, 0x06de],
  [0x06e9, 0x06e9],
  [0xfd3e, 0xfd3f],
] as const;
const EUROPEAN_TERMINATORS = [
  [0xa2, 0xa5],
  [0xb0, 0xb1],
  [0x0609, 0x060a],
  [0x066a, 0x066a],
  [0x2030, 0x2034],
  [0x20a0, 0x20cf],
] as const;
/** Explicit embeddings and isolates: not drawn, and (simplified) not obeyed. */
const EXPLICIT = [
  [0x202a, 0x202e],
  [0x2066, 0x2069],
] as const;

/** ASCII's types, looked up (most letters of most lines). */
const ASCII: Bidi[] = Array.from({ length: 128 }, (_, cp) => {
  const ch = String.fromCharCode(cp);
  if (/[A-Za-z]/.test(ch)) return 'L';
  if (/[0-9]/.test(ch)) return 'EN';
  if (ch === '+' || ch === '-') return 'ES';
  if (ch === '#' || ch === '$' || ch === '%') return 'ET';
  if (ch === ',' || ch === '.' || ch === '/' || ch === ':') return 'CS';
  return /\s/.test(ch) ? 'WS' : 'ON';
});

function bidiOf(ch: string): Bidi {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x80) return ASCII[cp]!;
  if (cp === 0x200e) return 'L';
  if (cp === 0x200f) return 'R';
  if (cp === 0x061c) return 'AL';
  if ((cp >= 0x06f0 && cp <= 0x06f9) || cp === 0xb2 || cp === 0xb3 || cp === 0xb9) return 'EN';
  if (inRanges(cp, ARABIC_NUMBERS)) return 'AN';
  if (cp === 0x2212) return 'ES';
  if (inRanges(cp, EUROPEAN_TERMINATORS)) return 'ET';
  if (cp === 0xa0 || cp === 0x060c || cp === 0x202f || cp === 0x2044) return 'CS';
  if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0xad || cp === 0xfeff || inRanges(cp, EXPLICIT)) return 'BN';
  if (inRanges(cp, ARABIC_MARKS) || /[\p{Mn}\p{Me}]/u.test(ch)) return 'NSM';
  if (inRanges(cp, RIGHT_TO_LEFT)) return 'R';
  if (inRanges(cp, ARABIC_LETTERS)) return inRanges(cp, ARABIC_NEUTRALS) ? 'ON' : 'AL';
  if (/\s/u.test(ch)) return 'WS';
  if (/[\p{L}\p{Mc}\p{N}]/u.test(ch)) return 'L';
  return 'ON';
}

/** Marks that steer the direction but are not drawn (Intl writes them around Arabic numbers). */
const NOT_DRAWN = (cp: number) => cp === 0x200e || cp === 0x200f || cp === 0x061c || inRanges(cp, EXPLICIT);

/**
 * The embedding level of each character of one line (UAX #9 without explicit embeddings: the
 * weak types W1–W7, the neutrals N1–N2, the implicit levels I1–I2, trailing spaces L1). Numbers
 * come out at an even level inside right-to-left text, so they read left to right: 1,234.50 and
 * ١٬٢٣٤٫٥٠ alike.
 */
export function bidiLevels(chars: string[]): { base: number; levels: number[] } {
  const types = chars.map(bidiOf);
  const firstStrong = types.find((t) => t === 'L' || t === 'R' || t === 'AL');
  const base = firstStrong === 'R' || firstStrong === 'AL' ? 1 : 0;
  const edge: Bidi = base ? 'R' : 'L';
  // Formatting characters (joiners) take their neighbour's type, as combining marks do (X9, W1).
  let prev: Bidi = edge;
  for (let i = 0; i < types.length; i++) {
    if (types[i] === 'NSM' || types[i] === 'BN') types[i] = prev;
    prev = types[i]!;
  }
  // W2, W3: European digits after Arabic letters are Arabic numbers; Arabic letters are R.
  let strong: Bidi = edge;
  for (let i = 0; i < types.length; i++) {
    const t = types[i]!;
    if (t === 'L' || t === 'R' || t === 'AL') strong = t;
    if (t === 'EN' && strong === 'AL') types[i] = 'AN';
  }
  for (let i = 0; i < types.length; i++) if (types[i] === 'AL') types[i] = 'R';
  // W4: one separator between two numbers of a kind joins them (1,234.50; ١٬٢٣٤٫٥٠).
  for (let i = 1; i < types.length - 1; i++) {
    const [before, t, after] = [types[i - 1], types[i], types[i + 1]];
    if (before === 'EN' && after === 'EN' && (t === 'ES' || t === 'CS')) types[i] = 'EN';
    else if (before === 'AN' && after === 'AN' && t === 'CS') types[i] = 'AN';
  }
  // W5: currency and percent signs beside European digits are part of the number.
  for (let i = 0; i < types.length; i++) {
    if (types[i] !== 'ET') continue;
    let j = i;
    while (j < types.length && types[j] === 'ET') j++;
    if (types[i - 1] === 'EN' || types[j] === 'EN') for (let k = i; k < j; k++) types[k] = 'EN';
    i = j - 1;
  }
  // W6, W7: other separators are neutral; European digits after Latin letters are Latin.
  strong = edge;
  for (let i = 0; i < types.length; i++) {
    const t = types[i]!;
    if (t === 'ES' || t === 'ET' || t === 'CS') types[i] = 'ON';
    else if (t === 'L' || t === 'R') strong = t;
    else if (t === 'EN' && strong === 'L') types[i] = 'L';
  }
  // N1, N2: neutrals between two runs of one direction take it (numbers count as R), else the line's.
  const side = (t: Bidi | undefined): Bidi | undefined => (t === 'L' ? 'L' : t === 'R' || t === 'EN' || t === 'AN' ? 'R' : undefined);
  for (let i = 0; i < types.length; i++) {
    if (side(types[i])) continue;
    let j = i;
    while (j < types.length && !side(types[j])) j++;
    const before = i > 0 ? side(types[i - 1])! : edge;
    const after = j < types.length ? side(types[j])! : edge;
    const dir = before === after ? before : edge;
    for (let k = i; k < j; k++) types[k] = dir;
    i = j - 1;
  }
  // I1, I2.
  const levels = types.map((t) => {
    if (base === 0) return t === 'R' ? 1 : t === 'AN' || t === 'EN' ? 2 : 0;
    return t === 'R' ? 1 : 2;
  });
  // L1: spaces at the end of the line go back to its own level.
  for (let i = chars.length - 1; i >= 0 && /\s/u.test(chars[i]!); i--) levels[i] = base;
  return { base, levels };
}

/** Cuts a line into runs of one family and one embedding level, in logical order. */
export function runsOf(line: string): Run[] {
  const chars = [...line];
  const { levels } = bidiLevels(chars);
  const runs: Run[] = [];
  let family: Family = 'latin';
  chars.forEach((ch, i) => {
    const cp = ch.codePointAt(0)!;
    family = familyOf(cp) ?? family;
    const level = levels[i]!;
    if (NOT_DRAWN(cp)) return;
    const last = runs[runs.length - 1];
    if (last && last.level === level && (familyOf(cp) === undefined || last.family === family)) last.text += ch;
    else runs.push({ family, text: ch, level, dir: level % 2 ? 'rtl' : 'ltr' });
  });
  return runs;
}

/**
 * The runs in the order they are drawn, left to right (L2: from the highest level down, each
 * stretch at that level or above reversed). A run of Arabic is shaped right to left by HarfBuzz;
 * any other run set right to left (spaces, punctuation) is reversed here, its brackets mirrored.
 */
export function visualOrder(runs: Run[]): Run[] {
  const order = runs.map((_, i) => i);
  const highest = Math.max(...runs.map((r) => r.level), 0);
  const lowestOdd = Math.min(...runs.map((r) => r.level | 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    let i = 0;
    while (i < order.length) {
      if (runs[order[i]!]!.level >= level) {
        let j = i;
        while (j < order.length && runs[order[j]!]!.level >= level) j++;
        order.splice(i, j - i, ...order.slice(i, j).reverse());
        i = j;
      } else i++;
    }
  }
  return order.map((i) => {
    const run = runs[i]!;
    return run.dir === 'rtl' && run.family !== 'arabic' ? { ...run, text: [...run.text].reverse().map(mirror).join('') } : run;
  });
}

const MIRRORED: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
};
const mirror = (ch: string) => MIRRORED[ch] ?? ch;

/** Whether a line reads right to left (its first letter is Arabic): it is then set flush right. */
export function isRightToLeft(line: string): boolean {
  return bidiLevels([...line]).base === 1;
}

interface HbModule {
  Blob: new (data: Uint8Array) => unknown;
  Face: new (blob: unknown) => { upem: number };
  Font: new (face: unknown) => unknown;
  Buffer: new () => {
    addText(text: string): void;
    setDirection(dir: number): void;
    guessSegmentProperties(): void;
    getGlyphInfosAndPositions(): { codepoint: number; cluster: number; xAdvance?: number; xOffset?: number; yOffset?: number }[];
  };
  shape(font: unknown, buffer: unknown): void;
}
let harfbuzz: Promise<HbModule> | undefined;
/** harfbuzzjs, loaded once (its module compiles the WASM when imported). */
function loadHarfbuzz(): Promise<HbModule> {
  harfbuzz ??= import('harfbuzzjs') as unknown as Promise<HbModule>;
  return harfbuzz;
}

const HB_LTR = 4;
const HB_RTL = 5;

interface ShapedGlyph {
  /** Glyph id in the whole font. */
  gid: number;
  /** Where the glyph sits and how far it moves the pen, in font units. */
  advance: number;
  dx: number;
  dy: number;
  /** The text of the glyph's cluster, on the first glyph of each cluster (for ToUnicode). */
  text: string;
}
interface ShapedRun {
  face: LoadedFace;
  text: string;
  rtl: boolean;
  glyphs: ShapedGlyph[];
  /** Width in font units. */
  width: number;
}

interface LoadedFace {
  key: string;
  hbFont: unknown;
  upem: number;
  fk: FkFont;
  subset: Subset;
  /** Whole-font glyph id → subset glyph id (the CID), and what each CID stands for. */
  cids: Map<number, number>;
  unicode: Map<number, string>;
  widths: Map<number, number>;
  ref: PDFRef;
}

export interface DrawOptions {
  x: number;
  y: number;
  size: number;
  weight?: Weight;
  color?: Color;
}

/** What a document draws its words with (see the header). */
export interface ScriptText {
  /** The width of one line of text at this size, in points. */
  width(text: string, size: number, weight?: Weight): number;
  /** Draws one line, its baseline starting at (x, y), left to right on the page whatever its direction. */
  draw(page: PDFPage, text: string, options: DrawOptions): void;
  /** Writes the fonts into the document: call once, after the last draw and before save(). */
  finish(): Promise<void>;
}

export interface ScriptTextOptions {
  /** The weights to load, the first the default (regular alone unless said). */
  weights?: Weight[];
  /** How font files are read (readFont unless said). */
  read?: ReadFont;
  /** Other files for the Latin letters (the print books' Atkinson Hyperlegible), by weight. */
  latin?: Partial<Record<Weight, URL>>;
}

/**
 * Prepares a document to draw `texts` (every word it will draw, to know which scripts' fonts to
 * load).
 */
export async function scriptText(doc: PDFDocument, texts: string[], options: ScriptTextOptions = {}): Promise<ScriptText> {
  const { weights = ['regular'], read = readFont } = options;
  const defaultWeight = weights[0] ?? 'regular';
  const hb = await loadHarfbuzz();
  const families = familiesOf(texts);
  const faces = new Map<string, LoadedFace>();
  await Promise.all(
    [...families].flatMap((family) =>
      [...new Set(weights)].map(async (weight) => {
        const bytes = await read((family === 'latin' && options.latin?.[weight]) || FONT_FILES[family][weight]);
        const face = new hb.Face(new hb.Blob(bytes));
        const fk = fontkit.create(bytes as Buffer) as FkFont;
        faces.set(`${family}-${weight}`, {
          key: `${family}-${weight}`,
          hbFont: new hb.Font(face),
          upem: face.upem,
          fk,
          subset: fk.createSubset(),
          cids: new Map(),
          unicode: new Map(),
          widths: new Map(),
          ref: doc.context.nextRef(),
        });
      }),
    ),
  );
  const faceFor = (family: Family, weight: Weight) =>
    faces.get(`${family}-${weight}`) ?? faces.get(`latin-${weight}`) ?? faces.get(`latin-${defaultWeight}`)!;

  const shapedLines = new Map<string, ShapedRun[]>();
  function shapeLine(text: string, weight: Weight): ShapedRun[] {
    const key = `${weight}\u0000${text}`;
    let shaped = shapedLines.get(key);
    if (shaped) return shaped;
    shaped = visualOrder(runsOf(text)).map((run) => {
      const face = faceFor(run.family, weight);
      const buffer = new hb.Buffer();
      buffer.addText(run.text);
      // A number inside Arabic is Arabic script yet reads left to right: the level says which.
      buffer.setDirection(run.dir === 'rtl' && run.family === 'arabic' ? HB_RTL : HB_LTR);
      buffer.guessSegmentProperties();
      hb.shape(face.hbFont, buffer);
      const infos = buffer.getGlyphInfosAndPositions();
      // Each cluster's text: from its start to the next cluster's start (in logical order).
      const starts = [...new Set(infos.map((g) => g.cluster))].sort((a, b) => a - b);
      const clusterText = (cluster: number) => run.text.slice(cluster, starts.find((s) => s > cluster) ?? run.text.length);
      const seen = new Set<number>();
      const glyphs = infos.map((g) => {
        const first = !seen.has(g.cluster);
        seen.add(g.cluster);
        // Readers put a right-to-left line's characters back in logical order one by one, a
        // ligature's too: so its characters are given in the order they are drawn.
        const text = first ? clusterText(g.cluster) : '';
        return {
          gid: g.codepoint,
          advance: g.xAdvance ?? 0,
          dx: g.xOffset ?? 0,
          dy: g.yOffset ?? 0,
          text: run.dir === 'rtl' ? [...text].reverse().join('') : text,
        };
      });
      return { face, text: run.text, rtl: run.dir === 'rtl', glyphs, width: glyphs.reduce((sum, g) => sum + g.advance, 0) };
    });
    shapedLines.set(key, shaped);
    return shaped;
  }

  const pageNames = new WeakMap<PDFPage, Map<string, PDFName>>();
  function fontName(page: PDFPage, face: LoadedFace): PDFName {
    let names = pageNames.get(page);
    if (!names) pageNames.set(page, (names = new Map()));
    let name = names.get(face.key);
    if (!name) names.set(face.key, (name = page.node.newFontDictionary(`Noto-${face.key}`, face.ref)));
    return name;
  }
  function cidOf(face: LoadedFace, glyph: ShapedGlyph): number {
    let cid = face.cids.get(glyph.gid);
    if (cid === undefined) {
      cid = face.subset.includeGlyph(glyph.gid);
      face.cids.set(glyph.gid, cid);
      // The width HarfBuzz moved the pen by (marks take none), so that text extraction sees the
      // glyphs touching as they are drawn.
      face.widths.set(cid, Math.round((glyph.advance * 1000) / face.upem));
    }
    if (glyph.text && !face.unicode.has(cid)) face.unicode.set(cid, glyph.text);
    return cid;
  }

  return {
    width(text, size, weight = defaultWeight) {
      return shapeLine(text, weight).reduce((sum, run) => sum + (run.width * size) / run.face.upem, 0);
    },
    draw(page, text, { x, y, size, weight = defaultWeight, color }) {
      if (!text) return;
      const ops: PDFOperator[] = [pushGraphicsState()];
      if (color) ops.push(setFillingColor(color));
      let pen = x;
      for (const run of shapeLine(text, weight)) {
        const scale = size / run.face.upem;
        // A left-to-right run is marked with its words (ActualText), which readers take as they
        // are: Devanagari's reordered vowel signs and conjuncts come out in their logical order.
        // Right to left, readers reorder what they find, so there the fonts' map (ToUnicode,
        // written drawn-order for ligatures) speaks alone.
        const marked = !run.rtl;
        if (marked)
          ops.push(
            PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
              PDFName.of('Span'),
              // A properties dictionary: pdf-lib writes it as it is, though its types list no dictionaries.
              doc.context.obj({ ActualText: PDFHexString.fromText(run.text) }) as unknown as PDFName,
            ]),
          );
        ops.push(beginText(), setFontAndSize(fontName(page, run.face), size));
        for (const glyph of run.glyphs) {
          const cid = cidOf(run.face, glyph);
          ops.push(setTextMatrix(1, 0, 0, 1, pen + glyph.dx * scale, y + glyph.dy * scale), showText(PDFHexString.of(hex4(cid))));
          pen += glyph.advance * scale;
        }
        ops.push(endText());
        if (marked) ops.push(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
      }
      ops.push(popGraphicsState());
      page.pushOperators(...ops);
    },
    async finish() {
      for (const face of faces.values()) {
        if (!face.cids.size) {
          // A font loaded but never drawn with: nothing to embed, but its reference must resolve.
          doc.context.assign(face.ref, doc.context.obj({}));
          continue;
        }
        await writeFont(doc, face);
      }
    },
  };
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

function encodeSubset(subset: Subset): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const parts: Uint8Array[] = [];
    subset
      .encodeStream()
      .on('data', (d) => parts.push(d))
      .on('end', () => {
        const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        let at = 0;
        for (const p of parts) {
          out.set(p, at);
          at += p.length;
        }
        resolve(out);
      });
  });
}

/** A six-letter subset tag (PDF 9.6.4), the same for the same glyphs. */
function subsetTag(face: LoadedFace): string {
  let h = 0;
  for (const gid of face.cids.keys()) h = (h * 31 + gid) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26) + i * 7;
  }
  return tag;
}

function toUnicodeCmap(unicode: Map<number, string>): string {
  const entries = [...unicode].map(([cid, text]) => {
    let hex = '';
    for (let i = 0; i < text.length; i++) hex += hex4(text.charCodeAt(i));
    return `<${hex4(cid)}> <${hex}>`;
  });
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000><ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

async function writeFont(doc: PDFDocument, face: LoadedFace) {
  const { context } = doc;
  const fk = face.fk;
  const k = 1000 / fk.unitsPerEm;
  const bytes = await encodeSubset(face.subset);
  const baseName = `${subsetTag(face)}+${(fk.postscriptName ?? `Noto-${face.key}`).replace(/[^A-Za-z0-9-]/g, '')}`;
  const fontFile = context.register(context.flateStream(bytes, { Length1: bytes.length }));
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: baseName,
      Flags: 4,
      FontBBox: [fk.bbox.minX * k, fk.bbox.minY * k, fk.bbox.maxX * k, fk.bbox.maxY * k].map(Math.round),
      ItalicAngle: 0,
      Ascent: Math.round(fk.ascent * k),
      Descent: Math.round(fk.descent * k),
      CapHeight: Math.round((fk.capHeight || fk.ascent) * k),
      StemV: 80,
      FontFile2: fontFile,
    }),
  );
  const widths: (number | number[])[] = [];
  for (const [cid, width] of [...face.widths].sort((a, b) => a[0] - b[0])) widths.push(cid, [width]);
  const cidFont = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: baseName,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: widths,
      CIDToGIDMap: 'Identity',
    }),
  );
  const toUnicode = context.register(context.flateStream(toUnicodeCmap(face.unicode)));
  context.assign(
    face.ref,
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: baseName,
      Encoding: 'Identity-H',
      DescendantFonts: [cidFont],
      ToUnicode: toUnicode,
    }),
  );
}
