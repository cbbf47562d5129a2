// A book's Yjs document on two devices: pages added offline on both are all kept, in each
// device's own order; moving a page is one change; forged values are skipped when read.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addPage, movePage, PAGES_MAP, readPages, removePage, setPicture } from '@/contract/book-document';

const sync = (a: Y.Doc, b: Y.Doc) => {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
};

describe('book document', () => {
  it('keeps every page two offline devices add, each device’s pages in its order', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    const a1 = addPage(a, { layout: 'text-only', author: { id: 1, name: 'A' } });
    const a2 = addPage(a, { layout: 'text-only', author: { id: 1, name: 'A' } });
    const b1 = addPage(b, { layout: 'picture-above', author: { id: 2, name: 'B' } });
    const b2 = addPage(b, { layout: 'picture-above', author: { id: 2, name: 'B' } });
    sync(a, b);
    const ids = readPages(a).map((p) => p.id);
    expect(ids).toHaveLength(4);
    expect(readPages(b).map((p) => p.id)).toEqual(ids);
    expect(ids.indexOf(a1)).toBeLessThan(ids.indexOf(a2));
    expect(ids.indexOf(b1)).toBeLessThan(ids.indexOf(b2));
  });

  it('moves, removes and fills picture places', () => {
    const d = new Y.Doc();
    const one = addPage(d, { layout: 'two-pictures' });
    const two = addPage(d, { layout: 'text-only' });
    const three = addPage(d, { layout: 'text-only' });
    movePage(d, three, -1);
    expect(readPages(d).map((p) => p.id)).toEqual([one, three, two]);
    movePage(d, one, 1);
    expect(readPages(d).map((p) => p.id)).toEqual([three, one, two]);
    setPicture(d, one, 1, '11111111-2222-4333-8444-555555555555');
    expect(readPages(d).find((p) => p.id === one)!.pictures).toEqual(['11111111-2222-4333-8444-555555555555']);
    removePage(d, two);
    expect(readPages(d).map((p) => p.id)).toEqual([three, one]);
  });

  it('skips what a forged update puts in the pages map', () => {
    const d = new Y.Doc();
    d.getMap(PAGES_MAP).set('x', 'not a page');
    const bad = new Y.Map<unknown>();
    d.getMap(PAGES_MAP).set('y', bad);
    bad.set('layout', '<script>');
    bad.set('pictures', ['../../etc/passwd']);
    expect(readPages(d)).toEqual([{ id: 'y', layout: 'text-only', order: 0, pictures: [] }]);
  });
});
