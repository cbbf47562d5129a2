// A document's state sent as a stream (server/http/document-answer.ts): the same JSON as made whole.
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { documentAnswer } from '../../server/http/document-answer';
import type { AppEnv } from '../../server/http/env';

const fields = { id: 7, title: 'A "quoted" title', content: { pages: [{ html: '<p>é</p>' }] } };

async function answered(doc: Uint8Array | null, sent: object = fields) {
  const app = new Hono<AppEnv>().get('/', (c) => documentAnswer(c, sent, doc, 201));
  const res = await app.request('/');
  return { res, text: await res.text() };
}

describe('documentAnswer', () => {
  it('streams a state of megabytes, its slices joining into the whole base64, as JSON with the other fields', async () => {
    // Not a multiple of the slice or of 3: the last slice is short and padded.
    const doc = randomBytes(2 * 1024 * 1024 + 1001);
    const { res, text } = await answered(doc);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(text)).toEqual({ ...fields, doc: doc.toString('base64') });
  });

  it('answers a small state, or none, at once, and an object with no other field', async () => {
    const small = randomBytes(1000);
    expect(JSON.parse((await answered(small)).text)).toEqual({ ...fields, doc: small.toString('base64') });
    expect(JSON.parse((await answered(null)).text)).toEqual({ ...fields, doc: null });
    const big = randomBytes(1024 * 1024);
    expect(JSON.parse((await answered(big, {})).text)).toEqual({ doc: big.toString('base64') });
  });
});
