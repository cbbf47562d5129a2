// The document editor (stories now, book pages later): Tiptap bound to a Yjs document with the
// collaboration extension, with a toolbar a 7-year-old can use (big labelled buttons: bold,
// italic, big and small titles, lists, a picture, undo and redo). It only edits the Y.Doc; the
// caller saves the Yjs updates (autosave) and decides where pictures are kept.
// Heavy (Tiptap, ProseMirror, Yjs): only lazily loaded writing screens import it.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Node } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Collaboration from '@tiptap/extension-collaboration';
import type * as Y from 'yjs';
import { HEADING_LEVELS, pictureSrc } from '@/contract/document';
import { documentExtensions, Picture } from '@/contract/document-extensions';
import { localPictureUrl } from '@/data/documents';
import { typeAfterPicturePlugin } from './type-after-picture';
import './editor.css';

/** The picture node shows the device's own copy until the server has it; words typed while it is selected go after it. */
const DevicePicture = Picture.extend({
  addProseMirrorPlugins() {
    return [typeAfterPicturePlugin()];
  },
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img');
      const id = node.attrs['picture'] as string | null;
      img.alt = (node.attrs['alt'] as string) ?? '';
      img.src = id ? pictureSrc(id) : ((node.attrs['src'] as string) ?? '');
      if (id) void localPictureUrl(id).then((url) => url && (img.src = url));
      img.className = 'doc-picture';
      return { dom: img };
    };
  },
});

export interface DocumentEditorProps {
  ydoc: Y.Doc;
  /** What the editor is for, read out by screen readers ("Your story"). */
  label: string;
  /** Keeps a chosen picture (resize, store, queue) and answers its id. */
  onPicture?: (file: File) => Promise<{ id: string; alt: string } | null>;
  placeholder?: string;
  /** The Yjs XML fragment this editor writes (a book has one per page); default the story's. */
  field?: string;
}

interface ToolProps {
  label: string;
  icon: string;
  /** The icon points a way (undo, redo): mirrored right to left. */
  flip?: boolean;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

function Tool({ label, icon, flip, pressed, disabled, onClick }: ToolProps) {
  return (
    <button
      type="button"
      className="doc-tool"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      onMouseDown={(e) => e.preventDefault()}
    >
      <span aria-hidden="true" className={flip ? 'doc-tool-icon flip-in-rtl' : 'doc-tool-icon'}>
        {icon}
      </span>
      <span className="doc-tool-label">{label}</span>
    </button>
  );
}

function Toolbar({ editor, onPicture }: { editor: Editor; onPicture?: DocumentEditorProps['onPicture'] }) {
  const file = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      big: e.isActive('heading', { level: 2 }),
      small: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const { t } = useLingui();
  return (
    <div className="doc-toolbar" role="toolbar" aria-label={t`Writing tools`}>
      <Tool label={t`Bold`} icon="B" pressed={state.bold} onClick={() => chain().toggleBold().run()} />
      <Tool label={t`Italic`} icon="I" pressed={state.italic} onClick={() => chain().toggleItalic().run()} />
      <Tool label={t`Big title`} icon="H" pressed={state.big} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
      <Tool label={t`Small title`} icon="h" pressed={state.small} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
      <Tool label={t`List`} icon="•" pressed={state.bullets} onClick={() => chain().toggleBulletList().run()} />
      <Tool label={t`Numbers`} icon="1." pressed={state.numbers} onClick={() => chain().toggleOrderedList().run()} />
      {onPicture && (
        <>
          <Tool label={t`Picture`} icon="▣" onClick={() => file.current?.click()} />
          <input
            ref={file}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            aria-label={t`Choose a picture`}
            data-testid="editor-picture-input"
            onChange={async (e) => {
              const chosen = e.target.files?.[0];
              e.target.value = '';
              if (!chosen) return;
              const pic = await onPicture(chosen);
              if (pic)
                chain()
                  .insertContent({ type: 'image', attrs: { src: pictureSrc(pic.id), alt: pic.alt, picture: pic.id } })
                  .run();
            }}
          />
        </>
      )}
      <Tool label={t`Undo`} icon="↶" flip disabled={!state.canUndo} onClick={() => chain().undo().run()} />
      <Tool label={t`Redo`} icon="↷" flip disabled={!state.canRedo} onClick={() => chain().redo().run()} />
    </div>
  );
}

export function DocumentEditor({ ydoc, label, onPicture, placeholder, field }: DocumentEditorProps) {
  const editor = useEditor(
    {
      extensions: [
        ...documentExtensions().filter((e) => e.name !== 'image'),
        DevicePicture.configure({ inline: false, allowBase64: false }),
        Collaboration.configure({ document: ydoc, ...(field ? { field } : {}) }),
      ],
      editorProps: {
        attributes: {
          'aria-label': label,
          'aria-multiline': 'true',
          role: 'textbox',
          class: 'doc-content',
          'data-placeholder': placeholder ?? '',
        },
      },
    },
    [ydoc, field],
  );
  useEffect(() => () => editor?.destroy(), [editor]);
  if (!editor) return null;
  return (
    <div className="doc-editor">
      <Toolbar editor={editor} onPicture={onPicture} />
      <EditorContent editor={editor} />
    </div>
  );
}

// The shared editor for HTML written by staff (help articles, public pages): the same toolbar,
// without Yjs (one person edits, the text is saved as HTML). It keeps what those texts hold: two
// heading sizes, lists, bold, italic, links, quotes with their attribution. The server sanitises
// what is saved (server/services/sanitize.ts), so the editor is a convenience, never the guard.
// Kept in this module so the admin forms load the same chunk as the writing screens.
/** A quote's attribution (<blockquote><p>…</p><footer>…</footer></blockquote>). */
const QuoteFooter = Node.create({
  name: 'quoteFooter',
  group: 'block',
  content: 'inline*',
  parseHTML: () => [{ tag: 'footer' }],
  renderHTML: () => ['footer', 0],
});

export interface HtmlEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The id of the element that names the editor (its label). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
}

export function HtmlEditor({ value, onChange, onBlur, labelledBy, describedBy, invalid }: HtmlEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        heading: { levels: [...HEADING_LEVELS] },
        link: { openOnClick: false, autolink: false },
      }),
      QuoteFooter,
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'doc-content',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });
  useEffect(() => () => editor?.destroy(), [editor]);
  if (!editor) return null;
  return (
    <div className="doc-editor html-editor">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
