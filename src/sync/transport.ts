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

async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.clone().json()) as { message?: unknown; error?: unknown };
    const text = typeof body.error === 'string' ? body.error : body.message;
    if (typeof text === 'string' && text) return text;
  } catch {
    /* not JSON */
  }
  return `The server answered ${res.status}.`;
}

export async function classify(res: Response, now: number): Promise<Answer> {
  if (res.ok) return { kind: 'ok', status: res.status };
  if (res.status === 401) return { kind: 'unauthorized' };
  if (res.status === 408 || res.status === 429 || res.status >= 500) {
    return { kind: 'transient', message: await messageOf(res), retryAfterMs: retryAfterMs(res.headers.get('Retry-After'), now) };
  }
  if (res.status === 409) return { kind: 'conflict', status: res.status, message: await messageOf(res) };
  return { kind: 'rejected', status: res.status, message: await messageOf(res) };
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

/** A batch result as the Response it stands for, so one classifier reads both. */
export function resultResponse(result: BatchResult): Response {
  const bodiless = [204, 205, 304].includes(result.status);
  return new Response(bodiless ? null : JSON.stringify(result.body ?? null), {
    status: result.status,
    headers: { 'Content-Type': 'application/json', ...(result.retry_after ? { 'Retry-After': result.retry_after } : {}) },
  });
}
