// A "document" (a story's text, later a book page's text): the rich-text model shared by the
// editor, the server and the readers. The editor stores it as a Yjs document (the Tiptap
// collaboration extension's XML fragment `default`); the server turns the merged state into
// ProseMirror JSON and renders it here, through an allow-list, to HTML, plain text, an excerpt
// and a word count. Pure functions and plain constants: no Tiptap, no Yjs, no DOM, so both sides
// (and a first-load module, if it ever needed to) can import it cheaply.

/** The Yjs XML fragment Tiptap's collaboration extension binds to (its default name). */
export const DOCUMENT_FIELD = 'default';

/** The node and mark types the editor may produce; anything else is dropped when rendering. */
export const DOCUMENT_NODES = [
  'doc',
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'image',
  'hardBreak',
  'text',
] as const;
export const DOCUMENT_MARKS = ['bold', 'italic'] as const;
/** Heading levels offered: a child needs "big title" and "small title", nothing more. */
export const HEADING_LEVELS = [2, 3] as const;

/** The HTML the renderer may emit, for DOMPurify on both sides (never wider than the renderer). */
export const SANITIZE_CONFIG = {
  ALLOWED_TAGS: ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'br', 'img'],
  ALLOWED_ATTR: ['src', 'alt', 'width', 'height'],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^\/api\/pictures\/[0-9a-f-]{36}\/$/,
};

/** Limits of a document and its pictures (the server refuses more with a 413 and a message). */
export const DOCUMENT_LIMITS = {
  /** One saved change (a Yjs update, base64 in JSON). A 5,000-word story is about 100 KB. */
  updateBytes: 2 * 1024 * 1024,
  /** The merged state of one document. Pictures live apart, so 30 pictures add only ids. */
  docBytes: 8 * 1024 * 1024,
  /** A request to a story endpoint (JSON): a little over one update in base64. */
  requestBytes: 3 * 1024 * 1024,
  /** One picture as uploaded (resized on the device to 1600 px, so usually 100 to 400 KB). */
  pictureBytes: 5 * 1024 * 1024,
  /** A picture request: the picture and its few form fields. */
  pictureRequestBytes: 5 * 1024 * 1024 + 64 * 1024,
  excerptChars: 160,
} as const;

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];
/** Longest side of a picture after the device resizes it. */
export const PICTURE_MAX_SIDE = 1600;

export const DOCUMENT_MSG = {
  tooBig: 'This story is too big to save. Split it into two stories, or remove some pictures.',
  updateTooBig: 'This change is too big to save at once. Try adding less at a time.',
  badUpdate: 'This change could not be read. Copy your text into a new story.',
  pictureType: 'Pictures must be JPEG, PNG or WebP.',
  pictureTooBig: 'This picture is too big (at most 5 MB).',
} as const;

export const pictureSrc = (id: string) => `/api/pictures/${id}/`;
const PICTURE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isPictureId = (id: unknown): id is string => typeof id === 'string' && PICTURE_ID.test(id);

/** ProseMirror JSON, as loose as it arrives from a Yjs state. */
export interface DocNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: DocNode[];
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** The picture ids a document shows, in order (a picture's id is its `picture` attribute or in its src). */
export function pictureIds(doc: DocNode): string[] {
  const out: string[] = [];
  const walk = (n: DocNode) => {
    if (n.type === 'image') {
      const id = pictureIdOf(n);
      if (id) out.push(id);
    }
    n.content?.forEach(walk);
  };
  walk(doc);
  return out;
}

function pictureIdOf(n: DocNode): string | null {
  const id = n.attrs?.['picture'] ?? /\/api\/pictures\/([^/]+)\//.exec(String(n.attrs?.['src'] ?? ''))?.[1];
  return isPictureId(id) ? id : null;
}

function renderText(n: DocNode): string {
  let html = escapeHtml(n.text ?? '');
  const marks = new Set((n.marks ?? []).map((m) => m.type));
  // Fixed nesting order, so the same text always renders the same HTML.
  if (marks.has('italic')) html = `<em>${html}</em>`;
  if (marks.has('bold')) html = `<strong>${html}</strong>`;
  return html;
}

function renderNode(n: DocNode): string {
  const inner = () => (n.content ?? []).map(renderNode).join('');
  switch (n.type) {
    case 'doc':
      return inner();
    case 'text':
      return renderText(n);
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'heading': {
      const level = HEADING_LEVELS.includes(n.attrs?.['level'] as 2 | 3) ? (n.attrs!['level'] as number) : 2;
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'bulletList':
      return `<ul>${inner()}</ul>`;
    case 'orderedList':
      return `<ol>${inner()}</ol>`;
    case 'listItem':
      return `<li>${inner()}</li>`;
    case 'hardBreak':
      return '<br>';
    case 'image': {
      const id = pictureIdOf(n);
      if (!id) return '';
      const alt = escapeHtml(String(n.attrs?.['alt'] ?? ''));
      const size = ['width', 'height']
        .map((k) => [k, Number(n.attrs?.[k])] as const)
        .filter(([, v]) => Number.isInteger(v) && v > 0 && v <= 10_000)
        .map(([k, v]) => ` ${k}="${v}"`)
        .join('');
      return `<img src="${pictureSrc(id)}" alt="${alt}"${size}>`;
    }
    default:
      // Unknown nodes (a newer editor, a forged update) keep their text, never their markup.
      return n.content ? `<p>${escapeHtml(plainText(n))}</p>` : '';
  }
}

/** The document as HTML made only of allow-listed tags (still sanitised again before display). */
export function renderHtml(doc: DocNode): string {
  return renderNode(doc);
}

const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'bulletList', 'orderedList']);

/** The words of the document, blocks separated by newlines (no markup). */
export function plainText(doc: DocNode): string {
  const parts: string[] = [];
  const walk = (n: DocNode) => {
    if (n.type === 'text') parts.push(n.text ?? '');
    else if (n.type === 'hardBreak') parts.push('\n');
    n.content?.forEach(walk);
    if (BLOCKS.has(n.type)) parts.push('\n');
  };
  walk(doc);
  return parts
    .join('')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

/** Plain text for cards: the start of the story on one line, cut at a word, with an ellipsis. */
export function excerptOf(text: string, max: number = DOCUMENT_LIMITS.excerptChars): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export function wordCount(text: string): number {
  const words = text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu);
  return words ? words.length : 0;
}

/** Plain text from stored HTML (seeded stories that never had a document). */
export function textFromHtml(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e]!)
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

/** Node's Buffer, where there is one (the server): it encodes base64 natively. */
const nodeBuffer = (globalThis as { Buffer?: { from(b: ArrayBufferLike, at: number, n: number): { toString(e: 'base64'): string } } })
  .Buffer;

/** Bytes as base64 (Yjs updates travel in JSON bodies, so the outbox can batch them). */
export function toBase64(bytes: Uint8Array): string {
  // On the server the loop below held the event loop 130 ms for a 2.7 MB document (its every
  // answer carries the document); Buffer takes under a millisecond.
  if (nodeBuffer) return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
