// /uploadcontent's import: a text file or a Word document (mammoth) becomes the story's Yjs
// document, sanitised and in the editor's schema (no script, no handlers, no foreign pictures),
// with the document's pictures kept on the device like the editor's.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import { renderHtml, type DocNode } from '@/contract/document';
import {
  htmlToDocumentState,
  pieceKind,
  pieceToDocumentState,
  PIECE_MSG,
  textToHtml,
  titleFromFileName,
} from '@/features/story-writer/import-piece';

const rendered = (state: Uint8Array) => {
  const d = new Y.Doc();
  Y.applyUpdate(d, state);
  return renderHtml(yDocToProsemirrorJSON(d, 'default') as DocNode);
};
const PIC = '11111111-2222-4333-8444-555555555555';

/** The smallest Word document: a title, a heading, two paragraphs (one bold) and a picture. */
async function docx(): Promise<ArrayBuffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/kite.png"/><Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  );
  zip.file(
    'word/styles.xml',
    '<?xml version="1.0"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>',
  );
  zip.file('word/media/kite.png', new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]));
  const run = (text: string, bold = false) => `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
  const styled = (style: string, text: string) => `<w:p><w:pPr><w:pStyle w:val="${style}"/></w:pPr>${run(text)}</w:p>`;
  const picture = `<w:p><w:r><w:drawing><wp:inline><wp:docPr id="1" name="Kite" descr="A red kite"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:blipFill><a:blip r:embed="rIdImg"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  zip.file(
    'word/document.xml',
    `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>${styled('Title', 'The Kite')}${styled('Heading1', 'Chapter one')}<w:p>${run('It flew ')}${run('high', true)}</w:p>${picture}<w:p>${run('&lt;script&gt;alert(1)&lt;/script&gt; The end.')}</w:p></w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'arraybuffer' });
}

describe('importing a finished piece', () => {
  it('knows .docx and .txt only, and suggests a title from the file name', () => {
    expect(pieceKind(new File(['x'], 'My_Kite-story.txt'))).toBe('txt');
    expect(pieceKind(new File(['x'], 'Kite.DOCX'))).toBe('docx');
    expect(pieceKind(new File(['x'], 'kite.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(titleFromFileName('My_Kite-story.txt')).toBe('My Kite story');
  });

  it('turns text into paragraphs, escaping markup', async () => {
    expect(textToHtml('Once upon a time\nthere was a kite.\r\n\r\n<b>The end</b> & more\n\n\n')).toBe(
      '<p>Once upon a time<br>there was a kite.</p><p>&lt;b&gt;The end&lt;/b&gt; &amp; more</p>',
    );
    const piece = await pieceToDocumentState(
      { file: new File(['Line <img src=x onerror=alert(1)>\n\nTwo'], 'a.txt', { type: 'text/plain' }), pictures: [] },
      async () => null,
    );
    expect(rendered(piece)).toBe('<p>Line &lt;img src=x onerror=alert(1)&gt;</p><p>Two</p>');
  });

  it('keeps only what the document allows from HTML (no script, handlers, links or foreign pictures)', async () => {
    const html = `<h1>Big</h1><p onclick="x()">Hi <a href="https://evil.example">there</a><script>alert(1)</script></p><img src="https://evil.example/p.png"><img src="/api/pictures/${PIC}/" alt="Kite"><object data="https://evil.example"></object>`;
    const out = rendered(await htmlToDocumentState(html));
    expect(out).not.toMatch(/script|onclick|evil|object|href/);
    expect(out).toContain('Hi there');
    expect(out).toContain(`/api/pictures/${PIC}/`);
  });

  it('reads a Word document: headings as the editor’s titles, bold kept, its picture kept on the device, markup as text', async () => {
    const kept: Blob[] = [];
    const file = new File([await docx()], 'kite.docx');
    const state = await pieceToDocumentState({ file, pictures: [] }, async (blob) => {
      kept.push(blob);
      return PIC;
    });
    const out = rendered(state);
    expect(out).toContain('The Kite');
    expect(out).toContain('<h2>Chapter one</h2>');
    expect(out).toContain('It flew <strong>high</strong>');
    expect(out).toContain(`/api/pictures/${PIC}/`);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt; The end.');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.type).toBe('image/png');
  });

  it('refuses a file it cannot read, and adds chosen pictures after the text', async () => {
    await expect(pieceToDocumentState({ file: new File(['not a zip'], 'broken.docx'), pictures: [] }, async () => null)).rejects.toThrow(
      PIECE_MSG.unreadable,
    );
    await expect(
      pieceToDocumentState({ file: new File(['x'], 'a.pdf', { type: 'application/pdf' }), pictures: [] }, async () => null),
    ).rejects.toThrow(PIECE_MSG.type);
    const out = rendered(
      await pieceToDocumentState(
        { file: new File(['Page one'], 'a.txt'), pictures: [new File(['p'], 'p.png', { type: 'image/png' })] },
        async () => PIC,
      ),
    );
    expect(out).toMatch(new RegExp(`^<p>Page one</p><img[^>]*/api/pictures/${PIC}/`));
  });
});
