// In Chromium: a 5,000-word story with 20 pictures in the real editor (Tiptap + Yjs), typed into
// (keystroke to the next painted frame), autosaved through the real write path (IndexedDB +
// outbox), opened again from the device, and two devices' 1,000 offline edits each merged with
// the server's merge-and-render code (without DOMPurify, which runs on the server's jsdom).
import { Editor } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import { yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { excerptOf, plainText, renderHtml, type DocNode } from '@/contract/document';
import { documentExtensions } from '@/contract/document-extensions';
import { db } from '@/data/db';
import { getDocument } from '@/data/documents';
import { startDeviceSession } from '@/sync/device-session';
import { saveDocument } from '@/sync/document-changes';

const WORDS = 'the kite flew over our school and across the river where ducks swim in spring'.split(' ');
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const round = (x: number) => Math.round(x * 100) / 100;

function storyHtml(words: number, pictures: number): string {
  const paragraphs: string[] = [];
  const per = Math.ceil(words / 100);
  for (let p = 0; p < 100; p++) {
    paragraphs.push(`<p>${Array.from({ length: per }, (_, i) => WORDS[(p + i) % WORDS.length]).join(' ')}</p>`);
    if (p % 5 === 0 && p / 5 < pictures) {
      const id = `11111111-2222-4333-8444-${String(p).padStart(12, '0')}`;
      paragraphs.push(`<img data-picture="${id}" src="/api/pictures/${id}/">`);
    }
  }
  return paragraphs.join('');
}

function mount(ydoc: Y.Doc) {
  const el = document.createElement('div');
  document.body.append(el);
  const editor = new Editor({ element: el, extensions: [...documentExtensions(), Collaboration.configure({ document: ydoc })] });
  return { editor, el };
}

function renderServerSide(ydoc: Y.Doc) {
  const json = yDocToProsemirrorJSON(ydoc, 'default') as DocNode;
  const text = plainText(json);
  return { body: renderHtml(json), excerpt: excerptOf(text) };
}

export async function run() {
  await startDeviceSession({ ownerId: 1, tenant: 'greenfield', refresh: 'bench', access: 'bench' });
  const ydoc = new Y.Doc();
  const { editor, el } = mount(ydoc);
  editor.commands.setContent(storyHtml(5000, 20));
  const words = editor.getText().split(/\s+/).filter(Boolean).length;
  const pictures = el.querySelectorAll('img').length;

  // Typing: each keystroke a transaction at the end, timed to the next painted frame.
  const typing: number[] = [];
  editor.commands.focus('end');
  for (let i = 0; i < 120; i++) {
    const t0 = performance.now();
    editor.view.dispatch(editor.state.tr.insertText(i % 6 === 5 ? ' ' : 'a'));
    typing.push((await frame()) - t0);
  }

  // Autosave of the whole story: merged update + full state into IndexedDB and the outbox.
  const saves: number[] = [];
  let pending: Uint8Array[] = [];
  ydoc.on('update', (u: Uint8Array) => pending.push(u));
  for (let i = 0; i < 20; i++) {
    editor.commands.insertContent('b');
    const t0 = performance.now();
    const update = Y.mergeUpdates(pending);
    pending = [];
    await saveDocument({ kind: 'story', id: 'bench-story', path: '/stories/bench-story/document/', label: 'bench', update, state: Y.encodeStateAsUpdate(ydoc) });
    saves.push(performance.now() - t0);
  }
  const stateBytes = Y.encodeStateAsUpdate(ydoc).byteLength;
  editor.destroy();
  el.remove();

  // Opening it from the device, offline: read, rebuild the Y.Doc, mount the editor, paint.
  const opens: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const record = await getDocument(1, 'story', 'bench-story');
    const copy = new Y.Doc();
    Y.applyUpdate(copy, new Uint8Array(record!.state));
    const opened = mount(copy);
    await frame();
    opens.push(performance.now() - t0);
    opened.editor.destroy();
    opened.el.remove();
  }

  // Two devices, 1,000 offline edits each, merged as the server does (then rendered).
  const base = Y.encodeStateAsUpdate(ydoc);
  const devices = [new Y.Doc(), new Y.Doc()];
  const queued: Uint8Array[][] = [[], []];
  const made = [0, 0];
  devices.forEach((d, n) => {
    Y.applyUpdate(d, base);
    let edits: Uint8Array[] = [];
    d.on('update', (u: Uint8Array) => edits.push(u));
    const fragment = d.getXmlFragment('default');
    const paragraphs = fragment.toArray().filter((x): x is Y.XmlElement => x instanceof Y.XmlElement && x.nodeName === 'paragraph');
    for (let i = 0; i < 1000; i++) {
      const text = paragraphs[(i * 7 + n * 13) % paragraphs.length]!.get(0);
      if (text instanceof Y.XmlText) {
        text.insert(0, n ? 'HOME ' : 'SCHOOL ');
        made[n]!++;
      }
      // The autosave sends what changed every 500 ms: about 20 keystroke-sized edits a save.
      if (i % 20 === 19) {
        queued[n]!.push(Y.mergeUpdates(edits));
        edits = [];
      }
    }
  });
  const t0 = performance.now();
  let stored = base;
  for (const u of [...queued[0]!, ...queued[1]!]) {
    const d = new Y.Doc();
    Y.applyUpdate(d, stored);
    Y.applyUpdate(d, u);
    stored = Y.encodeStateAsUpdate(d);
    d.destroy();
  }
  const merged = new Y.Doc();
  Y.applyUpdate(merged, stored);
  const rendered = renderServerSide(merged);
  const mergeOneByOneMs = performance.now() - t0;
  const t1 = performance.now();
  const batch = new Y.Doc();
  Y.applyUpdate(batch, Y.mergeUpdates([base, ...queued[0]!, ...queued[1]!]));
  renderServerSide(batch);
  const mergeBatchMs = performance.now() - t1;
  const text = rendered.body;
  const bothKept = made[0] === 1000 && made[1] === 1000 && text.match(/SCHOOL /g)?.length === 1000 && text.match(/HOME /g)?.length === 1000 ? 1 : 0;
  await db.outbox.clear();

  return {
    words,
    pictures,
    state_kib: round(stateBytes / 1024),
    keystroke_to_paint_p95_ms: round(p95(typing)),
    autosave_p95_ms: round(p95(saves)),
    open_offline_max_ms: round(Math.max(...opens)),
    merge_2x1000_edits_as_100_saves_ms: round(mergeOneByOneMs),
    merge_2x1000_edits_batched_ms: round(mergeBatchMs),
    merge_kept_both: bothKept,
  };
}

(globalThis as unknown as Record<string, unknown>)['storiesBench'] = { run };
