// The editor's schema as Tiptap extensions: the same list builds the editor in the browser and
// the schema the tests (and, if ever needed, the server) check documents against. It allows
// exactly what ./document renders: paragraphs, two heading sizes, lists, bold, italic, line
// breaks and pictures. Heavy (Tiptap): only the lazily loaded editor and the server import it.
import type { AnyExtension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { HEADING_LEVELS, isPictureId, pictureSrc } from './document';

/** A picture node that also keeps its picture id, so the device can show it before it is sent. */
export const Picture = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      picture: {
        default: null,
        parseHTML: (el: HTMLElement) => {
          const id = el.getAttribute('data-picture');
          return isPictureId(id) ? id : null;
        },
        renderHTML: (attrs: { picture?: string | null }) =>
          attrs.picture ? { 'data-picture': attrs.picture, src: pictureSrc(attrs.picture) } : {},
      },
    };
  },
});

/**
 * The document's extensions. `collaborative`: Yjs keeps the history, so Tiptap's own undo is
 * left out (the collaboration extension brings an undo that knows about merges).
 */
export function documentExtensions(options: { collaborative: boolean } = { collaborative: true }): AnyExtension[] {
  return [
    StarterKit.configure({
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      link: false,
      underline: false,
      heading: { levels: [...HEADING_LEVELS] },
      undoRedo: options.collaborative ? false : {},
    }),
    Picture.configure({ inline: false, allowBase64: false }),
  ];
}
