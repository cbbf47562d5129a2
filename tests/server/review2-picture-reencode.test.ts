// Pictures are decoded and written again on the server: EXIF and GPS are gone from what is
// served, and a file that only starts like a JPEG is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('pictures are re-encoded on %s', (target) => {
  let server: TestServer;
  let amara: string;
  beforeAll(async () => {
    server = await startServer(target);
    amara = (await signIn(server, 'amara.okafor', 'kite-7')).access;
  }, 180_000);
  afterAll(() => server.close());

  const upload = (bytes: Uint8Array, type: string, id = crypto.randomUUID()) => {
    const form = new FormData();
    form.append('id', id);
    form.append('width', '64');
    form.append('height', '48');
    form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], 'p', { type }));
    return server.call('POST', '/api/pictures/', { host: GREENFIELD, token: amara, body: form });
  };
  const served = async (id: string) => {
    const res = await fetchBytes(id);
    return res;
  };
  async function fetchBytes(id: string): Promise<Buffer> {
    // The harness answers text; the picture's stored bytes are read from the file store instead.
    const { databaseStore } = await import('../../server/providers/storage/database');
    const { storageKey } = await import('../../server/providers/storage/storage');
    return Buffer.from((await databaseStore.get(server.database.db, storageKey.picture(id)))!);
  }

  it('removes EXIF and the GPS position from a JPEG', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Amara at home', ImageDescription: 'secret-comment' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const id = crypto.randomUUID();
    const res = await upload(new Uint8Array(jpeg), 'image/jpeg', id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 64, height: 48, content_type: 'image/jpeg' });
    const bytes = await served(id);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('jpeg');
    expect(bytes.includes('Amara at home')).toBe(false);
    expect(bytes.includes('secret-comment')).toBe(false);
  });

  it('refuses a file that only starts like a JPEG (or a PNG)', async () => {
    const fake = new Uint8Array(2048).fill(0x41);
    fake.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await upload(fake, 'image/jpeg');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Pictures must be JPEG, PNG or WebP.');
    const png = new Uint8Array(64).fill(0);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await upload(png, 'image/png')).status).toBe(415);
  });
});
