// Uploaded images (tenant logos, avatars): the bytes must be what the type claims (PNG and JPEG by
// signature, SVG by its root element), and an SVG is sanitised with DOMPurify (no scripts, no
// event handlers, no external references survive).
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

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

let purifier: ReturnType<typeof createDOMPurify> | undefined;

/** An SVG with everything active removed (scripts, handlers, foreign objects, outside links). */
export function sanitizeSvg(svg: string): string {
  purifier ??= createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  return purifier.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true }, FORBID_TAGS: ['foreignObject', 'use'] });
}
