// Uploaded files (tenant logos, avatars, book PDFs): the bytes must be what the type claims (PNG and
// JPEG by signature, SVG by its root element, PDF by its header), and an SVG is sanitised with DOMPurify (no scripts, no
// event handlers, no external references survive).
import { purifierOnJsdom, type Purifier } from './purifier';

/** The bytes open like a PDF: its header (`%PDF-`) within the first KB, as readers allow. */
export function opensLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(1024, bytes.byteLength)).includes('%PDF-', 0, 'latin1');
}

/** The file really is what it claims: PNG and JPEG by their signatures, SVG by its root element. */
export function logoMatchesType(bytes: Uint8Array, type: string): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (type === 'image/png') return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  if (type === 'image/jpeg') return starts(0xff, 0xd8, 0xff);
  if (type === 'image/svg+xml') {
    const head = new TextDecoder()
      .decode(bytes.subarray(0, 2048))
      .replace(/^\uFEFF/, '')
      .trimStart();
    return head.startsWith('<') && /<svg[\s>]/i.test(head);
  }
  return false;
}

let purifier: Purifier | undefined;

/**
 * A `url(…)` that leaves the file: anything but a reference to one of its own elements (`#id`).
 * A logo that fetched from another host would tell that host who looks at the school's pages.
 */
const OUTSIDE_URL = /url\(\s*(?!['"]?\s*#)[^)]*\)/gi;
/** CSS `@import` (of any address): a style sheet that pulls in another. */
const IMPORT_RULE = /@import\b[^;]*;?/gi;
const withoutOutside = (css: string) => css.replace(IMPORT_RULE, '').replace(OUTSIDE_URL, 'none');

function svgPurifier() {
  const made = purifierOnJsdom();
  // Nothing in a logo reaches outside it: links and images name only the file's own elements
  // (`#id`), and style sheets and presentation attributes keep no `@import` or outside `url()`.
  made.addHook('uponSanitizeElement', (node) => {
    if (node.nodeName.toLowerCase() === 'style' && node.textContent) node.textContent = withoutOutside(node.textContent);
  });
  made.addHook('afterSanitizeAttributes', (node) => {
    for (const attr of [...(node as Element).attributes]) {
      const name = attr.name.toLowerCase();
      if ((name === 'href' || name.endsWith(':href')) && !attr.value.trim().startsWith('#')) (node as Element).removeAttribute(attr.name);
      else if (/url\(|@import/i.test(attr.value)) (node as Element).setAttribute(attr.name, withoutOutside(attr.value));
    }
  });
  return made;
}

/** An SVG with everything active removed (scripts, handlers, foreign objects, outside links and references). */
export function sanitizeSvg(svg: string): string {
  purifier ??= svgPurifier();
  return purifier.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true }, FORBID_TAGS: ['foreignObject', 'use'] });
}
