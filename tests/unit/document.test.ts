// The document model: the editor's schema, the allow-list renderer, plain text, excerpts and
// word counts; and two devices editing one draft offline in real Tiptap editors, their Yjs
// updates merged by the server's merge, with both edits kept.
import { describe, expect, it } from 'vitest';
import { Editor, getSchema } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import { yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { excerptOf, fromBase64, plainText, renderHtml, textFromHtml, toBase64, wordCount, type DocNode } from '@/contract/document';
import { documentExtensions } from '@/contract/document-extensions';
import { mergeStory } from '../../server/lib/story-render';

/** The server's merge of one saved change (lib/story-render.ts), from the update's bytes. */
async function mergeUpdate(stored: Uint8Array | null, update: Uint8Array) {
  const merged = mergeStory({ stored, update: toBase64(update) });
  if ('refused' in merged) throw new Error(merged.refused.message);
  return merged;
}

const PIC = '11111111-2222-4333-8444-555555555555';
const sample: DocNode = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'My <dragon>' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'It was ' },
        { type: 'text', text: 'huge', marks: [{ type: 'bold' }, { type: 'italic' }] },
        { type: 'text', text: '.' },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'red' }] }] }] },
    { type: 'image', attrs: { src: 'javascript:alert(1)', picture: PIC, alt: 'A "dragon"', width: 800, height: 600 } },
    { type: 'image', attrs: { src: 'https://evil.example/x.png' } },
    { type: 'codeBlock', content: [{ type: 'text', text: 'rm -rf' }] },
  ],
};

function editorOn(ydoc: Y.Doc) {
  return new Editor({ extensions: [...documentExtensions(), Collaboration.configure({ document: ydoc })] });
}

describe('document model', () => {
  it('renders only allow-listed markup, escapes text, and keeps pictures as picture links', () => {
    expect(renderHtml(sample)).toBe(
      `<h2>My &lt;dragon&gt;</h2><p>It was <strong><em>huge</em></strong>.</p><ul><li><p>red</p></li></ul>` +
        `<img src="/api/pictures/${PIC}/" alt="A &quot;dragon&quot;" width="800" height="600"><p>rm -rf</p>`,
    );
  });

  it('gives plain text, an excerpt cut at a word, and a word count', () => {
    expect(plainText(sample)).toBe('My <dragon>\nIt was huge.\nred\nrm -rf');
    expect(wordCount(plainText(sample))).toBe(8);
    const long = 'word '.repeat(100);
    const ex = excerptOf(long);
    expect(ex.length).toBeLessThanOrEqual(160);
    expect(ex.endsWith('word…')).toBe(true);
    expect(excerptOf('  Short\n story ')).toBe('Short story');
    expect(textFromHtml('<p>Nobody believed me &amp; Tom.</p><p>Then</p>')).toBe('Nobody believed me & Tom.\nThen');
    expect(wordCount("It's a dog-day, isn't it?")).toBe(5);
  });

  it('round-trips bytes through base64', () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => i % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });

  it('the editor schema accepts every node and mark the renderer knows, and nothing it drops', () => {
    const schema = getSchema(documentExtensions());
    expect(Object.keys(schema.nodes).sort()).toEqual(
      ['bulletList', 'doc', 'hardBreak', 'heading', 'image', 'listItem', 'orderedList', 'paragraph', 'text'].sort(),
    );
    expect(Object.keys(schema.marks).sort()).toEqual(['bold', 'italic']);
  });

  it('an editor writes what the server renders', async () => {
    const ydoc = new Y.Doc();
    const editor = editorOn(ydoc);
    editor.commands.setContent(
      `<h2>Title</h2><p>Hello <strong>world</strong></p><ol><li><p>one</p></li></ol><img data-picture="${PIC}" src="blob:x">`,
    );
    const merged = await mergeUpdate(null, Y.encodeStateAsUpdate(ydoc));
    expect(merged.body).toContain('<h2>Title</h2><p>Hello <strong>world</strong></p><ol><li><p>one</p></li></ol>');
    expect(merged.body).toContain(`<img src="/api/pictures/${PIC}/"`);
    expect(merged.word_count).toBe(4);
    editor.destroy();
  });
});

describe('two devices, one draft', () => {
  it('keeps both offline edits when their updates meet at the server', async () => {
    // The draft as both tablets last saw it.
    const school = new Y.Doc();
    const a = editorOn(school);
    a.commands.setContent('<p>The start.</p>');
    let server = (await mergeUpdate(null, Y.encodeStateAsUpdate(school))).doc;
    const home = new Y.Doc();
    Y.applyUpdate(home, server);
    const b = editorOn(home);

    // Offline on both: each records its updates as the autosave would.
    const queued = { school: [] as Uint8Array[], home: [] as Uint8Array[] };
    school.on('update', (u: Uint8Array) => queued.school.push(u));
    home.on('update', (u: Uint8Array) => queued.home.push(u));
    a.commands.focus('end');
    a.commands.insertContent(' At school.');
    b.commands.focus('start');
    b.commands.insertContent('Home first. ');
    b.commands.focus('end');
    b.commands.insertContent('<p>A new page at home.</p>');

    // Back online, in either order: the server merges each queued update.
    for (const u of [...queued.home, ...queued.school]) server = (await mergeUpdate(server, u)).doc;
    const result = await mergeUpdate(server, new Uint8Array([0, 0]));
    expect(result.text).toContain('At school.');
    expect(result.text).toContain('Home first.');
    expect(result.text).toContain('A new page at home.');
    expect(result.text).toContain('The start.');

    // Each device pulls the merged state and shows the same document.
    Y.applyUpdate(school, server);
    Y.applyUpdate(home, server);
    expect(yDocToProsemirrorJSON(school, 'default')).toEqual(yDocToProsemirrorJSON(home, 'default'));
    expect(a.getText()).toBe(b.getText());
    a.destroy();
    b.destroy();
  });
});
