// The story and picture routes' body limits agree with their own route definitions: a 1.5 MiB
// story change and a 2 MiB picture are accepted (the writer's limits), not cut at 1 MiB.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import * as Y from 'yjs';
import { addParagraph, b64 } from '../support/ydoc';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

const MiB = 1024 * 1024;

describe.each(TARGETS)('story and picture body limits on %s', (target) => {
  let server: TestServer;
  let amara: string;
  beforeAll(async () => {
    server = await startServer(target);
    amara = (await signIn(server, 'amara.okafor', 'kite-7')).access;
  }, 180_000);
  afterAll(() => server.close());

  it('accepts a 1.5 MiB story change', async () => {
    expect(
      (await server.call('POST', '/api/stories/', { host: GREENFIELD, token: amara, json: { slug: 'long-one-r2', title: 'Long' } })).status,
    ).toBe(201);
    const update = addParagraph(new Y.Doc(), 'a long story '.repeat(95_000));
    const body = JSON.stringify({ update: b64(update) });
    expect(body.length).toBeGreaterThan(1.5 * MiB);
    expect(body.length).toBeLessThan(2 * MiB);
    const res = await server.call('PUT', '/api/stories/long-one-r2/document/', {
      host: GREENFIELD,
      token: amara,
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    expect(res.body.word_count).toBeGreaterThan(100_000);
  }, 60_000);

  it('accepts a 2 MiB picture', async () => {
    const side = 860;
    const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(2 * MiB);
    const form = new FormData();
    const id = crypto.randomUUID();
    form.append('id', id);
    form.append('width', String(side));
    form.append('height', String(side));
    form.append('file', new File([new Uint8Array(png)], 'big.png', { type: 'image/png' }));
    const res = await server.call('POST', '/api/pictures/', { host: GREENFIELD, token: amara, body: form });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ id, content_type: 'image/png' });
  }, 60_000);
});
