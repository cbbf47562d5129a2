// The writer's saver (src/ui/editor/document-saver.ts) on the real write path (fake IndexedDB):
// a change reaches the device's database at once (no debounce), an action that depends on the
// words waits for them and is queued after them, a page going away journals what is not written
// yet in that same task, a failed write keeps its change, and the save state never says more
// than is true ("Saved on this tablet and sent" only from a count taken after the last write).
import { beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fromBase64 } from '@/contract/document';
import { db } from '@/data/db';
import { documentKey } from '@/data/documents';
import { startDeviceSession } from '@/sync/device-session';
import { saveDocument, saveDocumentDetails } from '@/sync/document-changes';
import { createDocumentSaver, saveStatusText, type SaveReport } from '@/ui/editor/document-saver';

const path = '/stories/saver/document/';
const write = (update: Uint8Array, state: Uint8Array) => saveDocument({ kind: 'story', id: 'saver', path, label: 'Saved', update, state });
const later = (ms = 20) => new Promise((r) => setTimeout(r, ms));

function fakePage() {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return { window, document };
}

function typing() {
  const ydoc = new Y.Doc();
  const text = ydoc.getText('t');
  return { ydoc, type: (s: string) => text.insert(text.length, s), text: () => text.toString() };
}

const textOf = (updates: Uint8Array[]) => {
  const d = new Y.Doc();
  for (const u of updates) Y.applyUpdate(d, u);
  return d.getText('t').toString();
};
const queuedText = async () =>
  textOf(
    (await db.outbox.orderBy('created_at').toArray())
      .filter((e) => e.method === 'PUT')
      .map((e) => fromBase64((e.body as { update: string }).update)),
  );

beforeEach(async () => {
  await db.outbox.clear();
  await db.documents.clear();
  await startDeviceSession({ ownerId: 7, tenant: 'greenfield', refresh: 'r', access: 'a' });
});

describe('the document saver', () => {
  it('writes a change to the device at once, with no debounce', async () => {
    const { ydoc, type } = typing();
    const reports: SaveReport[] = [];
    createDocumentSaver(
      ydoc,
      write,
      (r) => reports.push(r),
      () => undefined,
      fakePage(),
    );
    type('Once');
    // Said at once, before anything is written: never "saved" while a change waits.
    expect(reports.at(-1)?.state).toBe('saving');
    await later();
    const kept = await db.documents.get(documentKey(7, 'story', 'saver'));
    expect(kept).toBeDefined();
    expect(textOf([new Uint8Array(kept!.state)])).toBe('Once');
    expect(await queuedText()).toBe('Once');
    expect(reports.at(-1)?.state).toBe('saved');
  });

  it('flush() puts every word typed before a sending, so the sending is queued after them', async () => {
    const { ydoc, type } = typing();
    const saver = createDocumentSaver(
      ydoc,
      write,
      () => undefined,
      () => undefined,
      fakePage(),
    );
    type('A big wave');
    type(' came.');
    await saver.flush();
    await saveDocumentDetails(
      { kind: 'story', id: 'saver' },
      { status: 'sending' },
      { method: 'POST', path: '/stories/saver/submit/', label: 'Sent', kind: 'story.submit' },
    );
    const queued = await db.outbox.orderBy('created_at').toArray();
    expect(queued.map((e) => `${e.method} ${e.path}`)).toEqual([`PUT ${path}`, 'POST /stories/saver/submit/']);
    expect(await queuedText()).toBe('A big wave came.');
  });

  it('a page going away journals what is not written yet, in the same task', () => {
    const { ydoc, type } = typing();
    const page = fakePage();
    const journaled: Uint8Array[] = [];
    createDocumentSaver(
      ydoc,
      write,
      () => undefined,
      (u) => journaled.push(u),
      page,
    );
    type('The last words');
    page.window.dispatchEvent(new Event('pagehide'));
    expect(textOf(journaled)).toBe('The last words');
    journaled.length = 0;
    page.document.visibilityState = 'hidden';
    page.document.dispatchEvent(new Event('visibilitychange'));
    type('!');
    page.document.dispatchEvent(new Event('freeze'));
    expect(textOf(journaled).endsWith('!')).toBe(true);
  });

  it('a write that fails keeps its change for the next one, and flush() says it failed', async () => {
    const { ydoc, type } = typing();
    let fail = true;
    const reports: SaveReport[] = [];
    const saver = createDocumentSaver(
      ydoc,
      (u, s) => (fail ? Promise.reject(new Error('The tablet is full.')) : write(u, s)),
      (r) => reports.push(r),
      () => undefined,
      fakePage(),
    );
    type('Kept ');
    await expect(saver.flush()).rejects.toThrow('The tablet is full.');
    expect(reports.at(-1)).toMatchObject({ state: 'failed', error: 'The tablet is full.' });
    fail = false;
    type('anyway');
    await saver.flush();
    expect(await queuedText()).toBe('Kept anyway');
  });

  it('the server copy kept between writes waits for the writes before it', async () => {
    const { ydoc, type } = typing();
    const order: string[] = [];
    const saver = createDocumentSaver(
      ydoc,
      async (u, s) => {
        await write(u, s);
        order.push('write');
      },
      () => undefined,
      () => undefined,
      fakePage(),
    );
    type('first');
    await saver.exclusive(async () => {
      order.push('server copy');
    });
    expect(order).toEqual(['write', 'server copy']);
  });
});

describe('the save state in words', () => {
  const saved: SaveReport = { state: 'saved', error: null, savedAt: 100 };
  it('never says "and sent" from a count begun before the last write', () => {
    expect(saveStatusText(saved, { count: 0, at: 50 })).toBe('Saved on this tablet');
    expect(saveStatusText(saved, undefined)).toBe('Saved on this tablet');
    expect(saveStatusText(saved, { count: 1, at: 150 })).toBe('Saved on this tablet');
    expect(saveStatusText(saved, { count: 0, at: 150 })).toBe('Saved on this tablet and sent');
  });
  it('says "Saving…" while a change waits, and why a write failed', () => {
    expect(saveStatusText({ state: 'saving', error: null, savedAt: 100 }, { count: 0, at: 150 })).toBe('Saving…');
    expect(saveStatusText({ state: 'failed', error: 'The tablet is full.', savedAt: 0 }, { count: 0, at: 1 })).toBe(
      'Not saved: The tablet is full.',
    );
  });
});
