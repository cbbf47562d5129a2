// Saves of one document made while its last save still waits fold into that entry (the Yjs
// updates merged), so the server merges and renders once; an entry already tried, or another
// change queued after it, is left alone (order and exactly-once hold).
import { beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fromBase64 } from '@/contract/document';
import { db } from '@/data/db';
import { startDeviceSession } from '@/sync/device-session';
import { saveDocument, saveDocumentDetails } from '@/sync/document-changes';

const path = '/stories/fold-me/document/';
let ydoc: Y.Doc;
let pending: Uint8Array[] = [];

async function type(text: string) {
  ydoc.getText('t').insert(ydoc.getText('t').length, text);
  const update = Y.mergeUpdates(pending);
  pending = [];
  await saveDocument({ kind: 'story', id: 'fold-me', path, label: 'Saved', update, state: Y.encodeStateAsUpdate(ydoc) });
}
const entries = () => db.outbox.orderBy('created_at').toArray();
const textOf = (updates: string[]) => {
  const d = new Y.Doc();
  for (const u of updates) Y.applyUpdate(d, fromBase64(u));
  return d.getText('t').toString();
};

beforeEach(async () => {
  await db.outbox.clear();
  ydoc = new Y.Doc();
  pending = [];
  ydoc.on('update', (u: Uint8Array) => pending.push(u));
  await startDeviceSession({ ownerId: 7, tenant: 'greenfield', refresh: 'r', access: 'a' });
});

describe('document saves fold while waiting', () => {
  it('many saves while offline are one entry holding every edit', async () => {
    for (const word of ['Once ', 'upon ', 'a ', 'time']) await type(word);
    const queued = await entries();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.path).toBe(path);
    expect(textOf([(queued[0]!.body as { update: string }).update])).toBe('Once upon a time');
  });

  it('does not fold into an entry already tried or behind another change', async () => {
    await type('Once ');
    await db.outbox.toCollection().modify({ attempts: 1 });
    await type('upon ');
    expect(await entries()).toHaveLength(2);
    await saveDocumentDetails(
      { kind: 'story', id: 'fold-me' },
      { title: 'T' },
      { method: 'PATCH', path: '/stories/fold-me/', body: { title: 'T' }, label: 'Title', kind: 'story.details' },
    );
    await type('a time');
    const queued = await entries();
    expect(queued.map((e) => e.method)).toEqual(['PUT', 'PUT', 'PATCH', 'PUT']);
    expect(textOf(queued.filter((e) => e.method === 'PUT').map((e) => (e.body as { update: string }).update))).toBe('Once upon a time');
  });
});
