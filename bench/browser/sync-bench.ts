// Runs inside Chromium on the server's origin: the real outbox, engine and IndexedDB, against
// the real API. bench/sync.ts bundles this file and calls window.syncBench.run().
import { DeviceDatabase, type OutboxRecord } from '@/data/db';
import { startDeviceSession } from '@/sync/device-session';
import { drain } from '@/sync/engine';
import type { LockManagerLike } from '@/sync/leader';
import { OUTBOX_SCHEMA_VERSION, outboxCounts, ownerEntries, recordChange } from '@/sync/outbox';
import { signInTeacher } from './sign-in';

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const round = (x: number) => Math.round(x * 1000) / 1000;

async function run({ mutations, queued }: { mutations: number; queued: number }) {
  const db = new DeviceDatabase('sync-bench');
  await db.delete();
  await db.open();
  const { access, refresh, user } = await signInTeacher();
  await startDeviceSession({ ownerId: user.id, tenant: 'greenfield', access, refresh }, db);

  const memory = () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
  let peak = memory();
  const sampler = setInterval(() => (peak = Math.max(peak, memory())), 25);

  // The floor: the smallest durable write this browser can make (one row, one strict transaction).
  const floor: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await db.transaction('rw', db.meta, () => db.meta.put({ key: 'bench-floor', value: i }));
    floor.push(performance.now() - t);
  }

  const enqueue: number[] = [];
  for (let i = 1; i <= mutations; i++) {
    const t = performance.now();
    await recordChange(
      [db.cart],
      () => db.cart.put({ item_id: i, added_at: new Date().toISOString() }),
      {
        kind: 'cart.add',
        label: `Add book ${i} to the cart`,
        method: 'POST',
        path: '/data/cart/items/',
        body: { book_id: i },
        entityKeys: [`cart:${i}`],
        undo: [{ op: 'delete', table: 'cart', key: i }],
      },
      db,
    );
    enqueue.push(performance.now() - t);
  }

  // The engine works on its own relaxed-durability connection, as in the app.
  const engineDb = new DeviceDatabase('sync-bench', 'relaxed');
  // Every change the server refused, with its answer: the status and the message a user would see.
  const refusedAnswers = new Map<string, { status: number; message: string }>();
  const messageOf = (body: unknown) =>
    typeof body === 'object' && body !== null ? String((body as { message?: unknown }).message ?? JSON.stringify(body)) : String(body);
  // How the replay's time divides: waiting for the server's answers, the rest on this device.
  let serverMs = 0;
  let requests = 0;
  const started = performance.now();
  const report = await drain({
    db: engineDb,
    fetch: async (request) => {
      const key = request.headers.get('Idempotency-Key');
      const asked = performance.now();
      const res = await fetch(request);
      serverMs += performance.now() - asked;
      requests++;
      const copy = res.clone();
      if (request.url.endsWith('/outbox/batch/') && res.ok) {
        const { results } = (await copy.json()) as { results: { key: string; status: number; body: unknown }[] };
        for (const r of results) if (r.status >= 400) refusedAnswers.set(r.key, { status: r.status, message: messageOf(r.body) });
      } else if (key && res.status >= 400)
        refusedAnswers.set(key, { status: res.status, message: messageOf(await copy.json().catch(() => null)) });
      return res;
    },
    baseUrl: '/api',
    locks: navigator.locks as unknown as LockManagerLike,
    now: () => Date.now(),
    random: Math.random,
    isOnline: () => true,
  });
  const replaySeconds = (performance.now() - started) / 1000;
  // The changes left refused in the outbox, each with the answer that refused it.
  const refused = (await engineDb.outbox.filter((e) => e.status === 'failed' || e.status === 'conflict').toArray()).map((e) => ({
    label: e.label,
    outboxStatus: e.status,
    ...(refusedAnswers.get(e.id) ?? { status: 0, message: e.last_error ?? '' }),
  }));

  // 10,000 changes waiting (written as recordChange writes them), then the header's queries.
  const now = Date.now();
  await db.outbox.bulkAdd(
    Array.from({ length: queued }, (_, i): OutboxRecord => ({
      id: crypto.randomUUID(),
      schema_version: OUTBOX_SCHEMA_VERSION,
      owner_id: user.id,
      tenant: 'greenfield',
      kind: 'cart.add',
      label: `Add book ${i} to the cart`,
      method: 'POST',
      path: '/data/cart/items/',
      body: { book_id: i + 1 },
      files: [],
      entity_keys: [`cart:${i + 1}`],
      undo: [],
      on_success: [],
      created_at: now + i,
      attempts: 0,
      next_attempt_at: 0,
      status: 'pending',
      last_error: null,
    })),
  );
  const counts: number[] = [];
  const oldest: number[] = [];
  let counted = 0;
  for (let i = 0; i < 30; i++) {
    let t = performance.now();
    counted = (await outboxCounts(user.id, db)).unsent;
    counts.push(performance.now() - t);
    t = performance.now();
    await ownerEntries(user.id, db)
      .filter((e) => e.status === 'pending')
      .first();
    oldest.push(performance.now() - t);
  }
  clearInterval(sampler);
  engineDb.close();
  db.close();
  await db.delete();

  return {
    mutations,
    enqueueMsPerMutation: round(mean(enqueue)),
    enqueueP95Ms: round(pct(enqueue, 0.95)),
    minimalDurableWriteMs: round(mean(floor)),
    replayed: report.sent,
    replayFailed: report.failed,
    refused,
    replaySeconds: round(replaySeconds),
    replayPerSecond: Math.round(report.sent / replaySeconds),
    replayRequests: requests,
    replayServerSeconds: round(serverMs / 1000),
    queued: counted,
    pendingCountMs: round(pct(counts, 0.5)),
    pendingCountP95Ms: round(pct(counts, 0.95)),
    oldestPendingMs: round(pct(oldest, 0.5)),
    peakMemoryMB: Math.round((peak / 1024 / 1024) * 10) / 10,
  };
}

(globalThis as unknown as { syncBench: { run: typeof run } }).syncBench = { run };
