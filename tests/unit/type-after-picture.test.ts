// Typing while a picture is selected keeps the picture: the words go after it, as in a word
// processor (ProseMirror's default replaced the selected picture with the typed text).
import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { EditorState, NodeSelection, TextSelection } from '@tiptap/pm/state';
import { documentExtensions } from '@/contract/document-extensions';
import { typeAfterPicture } from '@/ui/editor/type-after-picture';

const schema = getSchema(documentExtensions());
const picture = schema.nodes['image']!.create({ src: '/api/pictures/11111111-2222-4333-8444-555555555555/' });
const para = (text?: string) => schema.nodes['paragraph']!.create(null, text ? schema.text(text) : null);

function withPictureSelected(...after: ReturnType<typeof para>[]) {
  const doc = schema.nodes['doc']!.create(null, [para('Before'), picture, ...after]);
  const at = doc.child(0).nodeSize;
  return EditorState.create({ doc, selection: NodeSelection.create(doc, at) });
}
const blocks = (state: EditorState) => state.doc.content.content.map((n) => (n.type.name === 'image' ? '[picture]' : n.textContent));

describe('typing after a selected picture', () => {
  it('puts the words in a new paragraph after the picture, which stays', () => {
    const state = withPictureSelected(para('After'));
    const next = state.apply(typeAfterPicture(state, 'Hi')!);
    expect(blocks(next)).toEqual(['Before', '[picture]', 'Hi', 'After']);
    expect(next.selection).toBeInstanceOf(TextSelection);
    // The caret follows the words: the next letter goes after them.
    const more = next.apply(next.tr.insertText('!'));
    expect(blocks(more)).toEqual(['Before', '[picture]', 'Hi!', 'After']);
  });

  it('uses the empty paragraph right after the picture, or makes one at the end', () => {
    let state = withPictureSelected(para());
    expect(blocks(state.apply(typeAfterPicture(state, 'A')!))).toEqual(['Before', '[picture]', 'A']);
    state = withPictureSelected();
    expect(blocks(state.apply(typeAfterPicture(state, 'B')!))).toEqual(['Before', '[picture]', 'B']);
  });

  it('leaves typing elsewhere to the editor', () => {
    const doc = schema.nodes['doc']!.create(null, [para('Before'), picture]);
    const state = EditorState.create({ doc, selection: TextSelection.create(doc, 3) });
    expect(typeAfterPicture(state, 'x')).toBeNull();
  });
});
