// One outbox entry on the wire: the request (its Idempotency-Key, its owner, the owner's token
// added only now) and what the answer means for the queue.
import type { OutboxRecord } from '@/data/db';

export type Answer =
  | { kind: 'ok'; status: number }
  | { kind: 'rejected'; status: number; message: string }
  | { kind: 'conflict'; status: number; message: string }
  | { kind: 'unauthorized' }
  | { kind: 'transient'; message: string; retryAfterMs?: number };

export const SEND_TIMEOUT_MS = 20_000;

export function toRequest(baseUrl: string, entry: OutboxRecord, access: string | null): Request {
  const headers = new Headers({ 'Idempotency-Key': entry.id, 'X-Outbox-Owner': String(entry.owner_id) });
  if (access) headers.set('Authorization', `Bearer ${access}`);
  let body: BodyInit | undefined;
  if (entry.files.length) {
    const form = new FormData();
    for (const [name, value] of Object.entries((entry.body ?? {}) as Record<string, unknown>)) {
      form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    for (const f of entry.files) form.append(f.field, new File([f.data], f.name, { type: f.type }), f.name);
    body = form;
  } else if (entry.method !== 'DELETE' || entry.body !== null) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(entry.body);
  }
  return new Request(baseUrl + entry.path, { method: entry.method, headers, body, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The message an answer's body gives (`error` or `message`), or one naming its status. */
function messageIn(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const { message, error } = body as { message?: unknown; error?: unknown };
    const text = typeof error === 'string' ? error : message;
    if (typeof text === 'string' && text) return text;
  }
  return `The server answered ${status}.`;
}

/** What an answer means for the queue, from its status and Retry-After; its message is read only for a refusal. */
async function answerOf(status: number, retryAfter: string | null, message: () => Promise<string> | string, now: number): Promise<Answer> {
  if (status >= 200 && status < 300) return { kind: 'ok', status };
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 408 || status === 429 || status >= 500) {
    return { kind: 'transient', message: await message(), retryAfterMs: retryAfterMs(retryAfter, now) };
  }
  if (status === 409) return { kind: 'conflict', status, message: await message() };
  return { kind: 'rejected', status, message: await message() };
}

export function classify(res: Response, now: number): Promise<Answer> {
  const message = async () => {
    const body: unknown = await res
      .clone()
      .json()
      .catch(() => null);
    return messageIn(body, res.status);
  };
  return answerOf(res.status, res.headers.get('Retry-After'), message, now);
}

/** One change's answer inside a batch answer. */
export interface BatchResult {
  key: string;
  status: number;
  body: unknown;
  retry_after: string | null;
}

/** Several of one owner's changes in one request: POST /outbox/batch/, applied in order. */
export function toBatchRequest(baseUrl: string, run: OutboxRecord[], access: string): Request {
  return new Request(`${baseUrl}/outbox/batch/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: JSON.stringify({
      owner: run[0]!.owner_id,
      entries: run.map((e) => ({ key: e.id, method: e.method, path: e.path, body: e.body })),
    }),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
}

/** One change's answer inside a batch answer, read as classify reads an answer of its own. */
export function classifyResult(result: BatchResult, now: number): Promise<Answer> {
  return answerOf(result.status, result.retry_after, () => messageIn(result.body, result.status), now);
}
