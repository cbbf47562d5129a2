// Typing while a picture is selected (a child taps a picture, then types): a word processor puts
// the words after the picture; ProseMirror's default replaces the selected node with them, so the
// picture vanished. Here the words go into the empty paragraph right after the picture, or a new
// one made there, and the caret follows them. Everything else is left to the editor.
import { NodeSelection, Plugin, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';

/** The transaction that types `text` after the selected picture, or null when no picture is selected. */
export function typeAfterPicture(state: EditorState, text: string): Transaction | null {
  const { selection, schema } = state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return null;
  const after = selection.to;
  const next = state.doc.resolve(after).nodeAfter;
  const tr = state.tr;
  if (next && next.isTextblock && next.content.size === 0) {
    tr.insertText(text, after + 1);
  } else {
    const paragraph = schema.nodes['paragraph'];
    if (!paragraph) return null;
    tr.insert(after, paragraph.create(null, schema.text(text)));
  }
  return tr.setSelection(TextSelection.create(tr.doc, after + 1 + text.length)).scrollIntoView();
}

/** The editor's plugin: typed text meets `typeAfterPicture` first. */
export const typeAfterPicturePlugin = () =>
  new Plugin({
    props: {
      handleTextInput(view, _from, _to, text) {
        const tr = typeAfterPicture(view.state, text);
        if (!tr) return false;
        view.dispatch(tr);
        return true;
      },
    },
  });
