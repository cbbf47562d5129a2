// A story's saved change merged into its stored Yjs state and rendered (body, plain text, excerpt,
// word count), in the worker pool: the story's twin of book-render.ts's mergeBook. On the event
// loop, an update of 130,000 short paragraphs (2 MB, under the update limit) held every school's
// requests for seven seconds. The nodes are counted on the Yjs structure before any rendering.
import * as Y from 'yjs';
import { yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import {
  DOCUMENT_FIELD,
  DOCUMENT_LIMITS,
  DOCUMENT_MSG,
  excerptOf,
  plainText,
  renderHtml,
  wordCount,
  type DocNode,
} from '../../src/contract/document';
import { WORK_LIMITS, WORK_MSG } from '../../src/contract/limits';
import { decodeUpdate, itemCount } from './book-render';
import { refuse, type Refusal } from './refusal';
import { sanitizeDocumentHtml } from './sanitize';

export interface RenderedStory {
  doc: Uint8Array;
  body: string;
  text: string;
  excerpt: string;
  word_count: number;
}

/** One saved change (a Yjs update, base64) merged into `stored` and rendered, or a refusal. */
export function mergeStory({ stored, update }: { stored: Uint8Array | null; update: string }): RenderedStory | Refusal {
  const bytes = decodeUpdate(update);
  if ('refused' in bytes) return bytes;
  const ydoc = new Y.Doc({ gc: true });
  try {
    if (stored) Y.applyUpdate(ydoc, stored);
    const fragment = ydoc.getXmlFragment(DOCUMENT_FIELD);
    try {
      Y.applyUpdate(ydoc, bytes);
      // Parsing the fragment catches updates that decode but are not a document.
      fragment.toJSON();
    } catch {
      return refuse(400, DOCUMENT_MSG.badUpdate);
    }
    const doc = Y.encodeStateAsUpdate(ydoc);
    if (doc.byteLength > DOCUMENT_LIMITS.docBytes) return refuse(413, DOCUMENT_MSG.tooBig);
    if (itemCount(fragment, WORK_LIMITS.documentNodes) > WORK_LIMITS.documentNodes) return refuse(413, WORK_MSG.documentTooBig);
    try {
      const json = yDocToProsemirrorJSON(ydoc, DOCUMENT_FIELD) as DocNode;
      const text = plainText(json);
      return { doc, body: sanitizeDocumentHtml(renderHtml(json)), text, excerpt: excerptOf(text), word_count: wordCount(text) };
    } catch {
      // Nesting deeper than the renderer's stack: no editor makes it.
      return refuse(422, WORK_MSG.tooCostly);
    }
  } finally {
    ydoc.destroy();
  }
}
