// An answer that carries a document's state (a Yjs update of up to megabytes, base64 in its JSON),
// sent as it is made: the state encoded a slice per turn of the event loop. Made whole, an 8 MB
// state became base64 (11 MB), then a JSON string, then its UTF-8 bytes, one after the other on
// the loop: over 100 ms where fresh memory is slow to come (a shared virtual machine), every
// school's requests waiting meanwhile. The bytes sent are the same JSON, the state last.
import type { Context } from 'hono';
import { toBase64 } from '../../src/contract/document';
import type { AppEnv } from './env';

/** Bytes of state encoded per turn: a multiple of 3, so the slices' base64 joins into the whole's. */
const SLICE = 3 * 256 * 1024;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `fields` and `doc` (base64, or null) as one JSON object, `doc` its last member. */
export function documentAnswer(c: Context<AppEnv>, fields: object, doc: Uint8Array | null, status: 200 | 201): Response {
  if (!doc || doc.byteLength <= SLICE) return c.json({ ...fields, doc: doc && toBase64(doc) }, status);
  const head = JSON.stringify(fields);
  const opening = `${head.slice(0, -1)}${head === '{}' ? '' : ','}"doc":"`;
  const state = Buffer.from(doc.buffer, doc.byteOffset, doc.byteLength);
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(Buffer.from(opening)),
    async pull(controller) {
      await nextTurn();
      controller.enqueue(Buffer.from(state.subarray(at, (at += SLICE)).toString('base64'), 'latin1'));
      if (at < state.byteLength) return;
      controller.enqueue(Buffer.from('"}'));
      controller.close();
    },
  });
  // Streamed, so compressAnswers gzips it as it goes rather than gathering it first.
  return c.body(body, status, { 'Content-Type': 'application/json', 'X-Accel-Buffering': 'no' });
}
