// Uploads in an S3-compatible bucket (S3_BUCKET and friends): every upload path (a story's
// picture and its print copy, an avatar, a school's logo and the icons made from it, an uploaded
// book's PDF) keeps its bytes in the bucket, none in the database, and each is served as before:
// byte for byte, and only to those the route lets see it. The bucket is s3rver, in-process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { pictures, storedFiles } from '../../server/db/schema';
import { databaseStore } from '../../server/providers/storage/database';
import { storageKey } from '../../server/providers/storage/storage';
import { tinyPdf } from '../support/book-doc';
import { GREENFIELD, HILLSIDE, TARGETS, TEST_ADDRESS, signIn, startServer, type TestServer } from './harness';

const BUCKET = 'storynest-uploads';

describe.each(TARGETS)('uploads in an S3 bucket on %s', (target) => {
  let s3rver: S3rver;
  let dir: string;
  let server: TestServer;
  let bucket: S3Client;
  let teacher: string;
  let head: string;
  let admin: string;
  let hillTeacher: string;

  /** The app's answer as bytes (the harness reads answers as text). */
  async function fetchBytes(path: string, host: string, token?: string) {
    const headers: Record<string, string> = { host };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await createApp(server.deps).request(path, { headers }, { incoming: { socket: { remoteAddress: TEST_ADDRESS } } });
    return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  /** The object in the bucket, read with a client of its own (null when there is none). */
  async function inBucket(key: string): Promise<Uint8Array | null> {
    try {
      const answer = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return await answer.Body!.transformToByteArray();
    } catch {
      return null;
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 's3rver-'));
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await s3rver.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    bucket = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
    server = await startServer(target, {
      env: {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        S3_FORCE_PATH_STYLE: '1',
      },
    });
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    hillTeacher = (await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE)).access;
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    await s3rver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a picture and its print copy in the bucket and serves it on its own school only', async () => {
    const id = crypto.randomUUID();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('id', id);
    form.append('width', '40');
    form.append('height', '30');
    form.append('file', new File([new Uint8Array(png)], 'p.png', { type: 'image/png' }));
    expect((await server.call('POST', '/api/pictures/', { host: GREENFIELD, token: teacher, body: form })).status).toBe(201);

    const stored = await inBucket(storageKey.picture(id));
    expect(stored).not.toBeNull();
    expect((await sharp(stored!).metadata()).format).toBe('png');
    const print = await inBucket(storageKey.picturePrint(id));
    expect((await sharp(print!).metadata()).format).toBe('jpeg');

    const served = await fetchBytes(`/api/pictures/${id}/`, GREENFIELD, teacher);
    expect([served.status, served.type]).toEqual([200, 'image/png']);
    expect(served.bytes).toEqual(stored);
    // The route still decides who sees it: another school's site knows no such picture.
    expect((await fetchBytes(`/api/pictures/${id}/`, HILLSIDE, hillTeacher)).status).toBe(404);
  });

  it('keeps an uploaded book PDF in the bucket and serves it to its maker only', async () => {
    const pdf = tinyPdf(2);
    const form = new FormData();
    form.append('slug', 'bucket-pdf-1');
    form.append('title', 'From the bucket');
    form.append('file', new File([pdf as Uint8Array<ArrayBuffer>], 'book.pdf', { type: 'application/pdf' }));
    const made = await server.call('POST', '/api/book-uploads/pdf/', { host: GREENFIELD, token: teacher, body: form });
    expect(made.status).toBe(201);
    const id = (made.body as { id: number }).id;
    expect(await inBucket(storageKey.bookFile(id))).toEqual(pdf);

    const served = await fetchBytes(`/api/book-files/${id}/`, GREENFIELD, teacher);
    expect([served.status, served.type]).toEqual([200, 'application/pdf']);
    expect(served.bytes).toEqual(pdf);
    expect((await fetchBytes(`/api/book-files/${id}/`, GREENFIELD)).status).toBe(404);
    expect((await fetchBytes(`/api/book-files/${id}/`, HILLSIDE, hillTeacher)).status).toBe(404);
  });

  it("keeps a school's logo in the bucket, serves it and draws the installed app's icons from it", async () => {
    const logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: { r: 200, g: 20, b: 20 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('logo', new File([new Uint8Array(logo)], 'logo.png', { type: 'image/png' }));
    const saved = await server.call('PATCH', '/api/api-school-admin/profile/', { host: GREENFIELD, token: head, body: form });
    expect(saved.status).toBe(200);
    const url = (saved.body as { logo: string }).logo;
    const tenantId = Number(/\/tenant-logos\/(\d+)/.exec(url)![1]);
    expect(await inBucket(storageKey.logo(tenantId))).toEqual(new Uint8Array(logo));

    const served = await fetchBytes(url, GREENFIELD);
    expect([served.status, served.type]).toEqual([200, 'image/png']);
    expect(served.bytes).toEqual(new Uint8Array(logo));
    const manifest = await server.call('GET', '/manifest.webmanifest', { host: GREENFIELD });
    const icon = (manifest.body as { icons: { src: string; sizes: string }[] }).icons.find((i) => i.sizes === '192x192')!;
    const png = await fetchBytes(icon.src, GREENFIELD);
    expect(png.status).toBe(200);
    expect(await sharp(png.bytes).metadata()).toMatchObject({ format: 'png', width: 192, height: 192 });
  });

  it('keeps an avatar in the bucket', async () => {
    const avatar = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      first_name: 'Bucket',
      last_name: 'Person',
      email: 'bucket.person@greenfield.example',
      country: 'GB',
      role: 'teacher',
      tenant_id: String(await tenantIdOf(GREENFIELD)),
    }))
      form.append(name, value);
    form.append('avatar', new File([new Uint8Array(avatar)], 'me.png', { type: 'image/png' }));
    const made = await server.call('POST', '/api/api-super-admin/create-user/', { token: admin, body: form });
    expect(made.status).toBe(201);
    const src = (made.body as { avatar: string }).avatar;
    expect(await inBucket(storageKey.picture(src.split('/').at(-1)!))).toEqual(new Uint8Array(avatar));
    const served = await fetchBytes(src, GREENFIELD);
    expect([served.status, served.bytes]).toEqual([200, new Uint8Array(avatar)]);
  });

  it("removes a deleted school's logo from the bucket", async () => {
    const logo = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    const fields = { school_name: 'Bucket School', school_email: 'office@bucket.example', domain_url: 'https://bucket.example' };
    for (const [name, value] of Object.entries({ ...fields, switchboard: 'true', primary_color: '#123456', subdomain: 'bucket-school' }))
      form.append(name, value);
    form.append('logo', new File([new Uint8Array(logo)], 'logo.png', { type: 'image/png' }));
    const made = await server.call('POST', '/api/api-admin/tenants/', { token: admin, body: form });
    expect(made.status).toBe(201);
    const id = (made.body as { id: number }).id;
    expect(await inBucket(storageKey.logo(id))).toEqual(new Uint8Array(logo));
    expect((await server.call('DELETE', `/api/api-admin/tenants/${id}/`, { token: admin })).status).toBe(200);
    expect(await inBucket(storageKey.logo(id))).toBeNull();
  });

  it('keeps no upload in the database', async () => {
    expect(await server.database.db.select({ key: storedFiles.key }).from(storedFiles)).toEqual([]);
  });

  it('still serves a file kept in the database before the bucket was configured', async () => {
    const id = crypto.randomUUID();
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .jpeg()
      .toBuffer();
    const db = server.database.db;
    await databaseStore.put(db, storageKey.picture(id), new Uint8Array(jpeg), 'image/jpeg');
    await db.insert(pictures).values({ id, tenant_id: await tenantIdOf(GREENFIELD), content_type: 'image/jpeg', width: 8, height: 8 });
    expect(await inBucket(storageKey.picture(id))).toBeNull();
    const served = await fetchBytes(`/api/pictures/${id}/`, GREENFIELD, teacher);
    expect([served.status, served.bytes]).toEqual([200, new Uint8Array(jpeg)]);
  });

  async function tenantIdOf(host: string): Promise<number> {
    const profile = await server.call('GET', '/api/api-school-admin/profile/', { host, token: head });
    return (profile.body as { id: number }).id;
  }
});
