// /uploadcontent: a finished piece becomes a story's document. A Word document (.docx, read by
// mammoth, loaded only when one is chosen) or a text file (.txt), plus any pictures, is turned
// into HTML, sanitised with the document's allow-list (DOMPurify, as for everything shown to
// another user), parsed into the editor's schema (anything else is dropped) and made the Yjs
// state that is saved like any other change. Pictures (the document's own and the ones chosen)
// are resized and kept on the device like the editor's, and queued for upload. mammoth and
// DOMPurify load only when a piece is read (not with the writer).
import { getSchema } from '@tiptap/core';
import { DOMParser as SchemaParser } from '@tiptap/pm/model';
import { prosemirrorJSONToYDoc } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { DOCUMENT_FIELD, pictureSrc, SANITIZE_CONFIG } from '@/contract/document';
import { documentExtensions } from '@/contract/document-extensions';

/* eslint-disable lingui/no-unlocalized-strings -- marked for the catalogues (the i18n comments), shown through useKnown */
export const PIECE_MSG = {
  type: /*i18n*/ 'Please choose a Word document (.docx) or a text file (.txt).',
  tooBig: /*i18n*/ 'This document is too big: please choose one under 20 MB.',
  unreadable: /*i18n*/ 'This document could not be read. Please save it again as .docx or .txt and try again.',
  tooManyPictures: /*i18n*/ 'Please choose at most 30 pictures.',
  pictureType: /*i18n*/ 'Pictures must be JPEG, PNG or WebP images.',
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

export const PIECE_MAX_BYTES = 20 * 1024 * 1024;
export const PIECE_MAX_PICTURES = 30;
export const PIECE_ACCEPT = '.docx,.txt,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain';

/** Keeps a picture (resize, store, queue) and answers its id; null when it cannot be shown. */
export type KeepPicture = (picture: Blob) => Promise<string | null>;

export function pieceKind(file: File): 'docx' | 'txt' | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.docx') || file.type === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') return 'docx';
  if (name.endsWith('.txt') || file.type === 'text/plain') return 'txt';
  return null;
}

/** The title a file suggests: its name without the extension, underscores and dashes as spaces. */
export function titleFromFileName(name: string): string {
  return name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as paragraphs: a blank line starts a new one, a single line break stays one. */
export function textToHtml(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/** A Word document as HTML: its headings as the editor's two title sizes, its pictures kept. */
export async function docxToHtml(data: ArrayBuffer, keep: KeepPicture): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  const result = await mammoth.convertToHtml(
    // The browser build reads `arrayBuffer`; the Node build (unit tests) reads `buffer` (JSZip takes bytes).
    { arrayBuffer: data, buffer: new Uint8Array(data) } as unknown as { arrayBuffer: ArrayBuffer },
    {
      // Word's style names (its styles part); Word writes headings' names in lower case.
      /* eslint-disable lingui/no-unlocalized-strings -- Word's style names, not words on screen */
      styleMap: [
        "p[style-name='heading 1'] => h2:fresh",
        "p[style-name='Heading 1'] => h2:fresh",
        "p[style-name='heading 2'] => h3:fresh",
        "p[style-name='Heading 2'] => h3:fresh",
        "p[style-name='heading 3'] => h3:fresh",
        "p[style-name='Heading 3'] => h3:fresh",
      ],
      /* eslint-enable lingui/no-unlocalized-strings */
      convertImage: mammoth.images.imgElement(async (image) => {
        const id = await keep(new Blob([await image.readAsArrayBuffer()], { type: image.contentType })).catch(() => null);
        // A picture that cannot be kept (an unknown format) is left out: an empty src is dropped below.
        return { src: id ? pictureSrc(id) : '' };
      }),
    },
  );
  return result.value;
}

/** Sanitised (the document's allow-list), then parsed into the editor's schema, as a Yjs state. */
export async function htmlToDocumentState(html: string): Promise<Uint8Array> {
  const { default: DOMPurify } = await import('dompurify');
  const clean = DOMPurify.sanitize(html, { ...SANITIZE_CONFIG, RETURN_DOM_FRAGMENT: true });
  const holder = document.createElement('div');
  holder.append(clean);
  for (const img of holder.querySelectorAll('img')) {
    // The picture's id, so the editor shows the device's copy until the server has it.
    const id = /^\/api\/pictures\/([0-9a-f-]{36})\/$/.exec(img.getAttribute('src') ?? '')?.[1];
    if (id) img.setAttribute('data-picture', id);
    else img.remove();
  }
  const schema = getSchema(documentExtensions());
  const json = SchemaParser.fromSchema(schema).parse(holder).toJSON();
  const ydoc = prosemirrorJSONToYDoc(schema, json, DOCUMENT_FIELD);
  const state = Y.encodeStateAsUpdate(ydoc);
  ydoc.destroy();
  return state;
}

/** The piece (a document, pictures, or both) as the story's first Yjs state. */
export async function pieceToDocumentState(piece: { file: File | null; pictures: File[] }, keep: KeepPicture): Promise<Uint8Array> {
  let html = '';
  if (piece.file) {
    const kind = pieceKind(piece.file);
    if (!kind) throw new Error(PIECE_MSG.type);
    if (piece.file.size > PIECE_MAX_BYTES) throw new Error(PIECE_MSG.tooBig);
    try {
      html = kind === 'txt' ? textToHtml(await piece.file.text()) : await docxToHtml(await piece.file.arrayBuffer(), keep);
    } catch {
      throw new Error(PIECE_MSG.unreadable);
    }
  }
  for (const picture of piece.pictures) {
    const id = await keep(picture);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- markup
    if (id) html += `<img src="${pictureSrc(id)}" alt="">`;
  }
  return await htmlToDocumentState(html);
}
