// The installed app is the school's: /manifest.webmanifest per host with the school's name, short
// name, colours and icons made from its logo (the platform's icons without one), every icon a real
// PNG of the size it states; the page's theme-color is the school's colour; its lang, dir and description the school's language's.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { tenants } from '../../server/db/schema';
import { databaseStore } from '../../server/providers/storage/database';
import { storeLogo } from '../../server/domains/schools/logos';
import { shortName } from '../../server/site/manifest';
import { GREENFIELD, HILLSIDE, startServer, type TestServer } from './harness';
import { eq } from 'drizzle-orm';

// The manifest the build writes (vite.config.ts), as the base every site's is made from.
const BUILT = {
  name: 'StoryNest',
  short_name: 'StoryNest',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#11365A',
  description: 'Read, write and share stories: an online library for schools and families.',
  lang: 'en',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

describe('the installed app is the school’s', () => {
  let server: TestServer;
  let app: ReturnType<typeof createApp>;
  const dir = mkdtempSync(join(tmpdir(), 'storynest-manifest-'));
  const get = (path: string, host: string) =>
    app.request(path, { headers: { host } }, { incoming: { socket: { remoteAddress: '192.0.2.1' } } });

  beforeAll(async () => {
    server = await startServer('pglite');
    writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify(BUILT));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head><meta name="theme-color" content="#11365A" /></head><body></body></html>',
    );
    cpSync('public/icons', join(dir, 'icons'), { recursive: true });
    app = createApp({ ...server.deps, config: { ...server.deps.config, staticDir: dir } });
    // Greenfield has a logo (a wide one: it must fit, not be cropped); Hillside has none.
    const logo = await sharp({ create: { width: 300, height: 150, channels: 3, background: { r: 200, g: 20, b: 20 } } })
      .png()
      .toBuffer();
    const [green] = await server.database.db.select().from(tenants).where(eq(tenants.subdomain, 'greenfield'));
    // Hillside's site is in Arabic (set before any request: the site's row is then kept in memory).
    await server.database.db.update(tenants).set({ default_language: 'ar' }).where(eq(tenants.subdomain, 'hillside'));
    await storeLogo(server.database.db, databaseStore, green!.id, { bytes: new Uint8Array(logo), type: 'image/png' });
  }, 300_000);
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const manifest = async (host: string) => {
    const res = await get('/manifest.webmanifest', host);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    return (await res.json()) as typeof BUILT & { icons: Icon[]; id?: string };
  };

  /** Every icon is a PNG of exactly its stated size. */
  async function checkIcons(host: string, icons: Icon[]) {
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) {
      const res = await get(icon.src, host);
      expect(res.status, icon.src).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format, icon.src).toBe('png');
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
    }
  }

  it('differs per school in name, colours and icons; each icon is a real PNG of its stated size', async () => {
    const green = await manifest(GREENFIELD);
    const hill = await manifest(HILLSIDE);
    expect(green).toMatchObject({
      name: 'Greenfield Primary',
      short_name: 'Greenfield',
      theme_color: '#2E7D32',
      start_url: '/',
      display: 'standalone',
    });
    expect(hill).toMatchObject({ name: 'Hillside Academy', short_name: 'Hillside', theme_color: '#11365A' });
    expect(green.name).not.toBe(hill.name);
    expect(green.theme_color).not.toBe(hill.theme_color);
    expect(green.icons.map((i) => i.src)).not.toEqual(hill.icons.map((i) => i.src));
    // Greenfield's are drawn from its logo: any and maskable, 192 and 512.
    expect(green.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    // Hillside has no logo: the platform's icons.
    expect(hill.icons).toEqual(BUILT.icons);
    await checkIcons(GREENFIELD, green.icons);
    await checkIcons(HILLSIDE, hill.icons);
  });

  it('keeps a maskable icon’s logo inside the safe zone, and the plain one fills most of the icon', async () => {
    const green = await manifest(GREENFIELD);
    const pixel = async (src: string, x: number, y: number) => {
      const png = Buffer.from(await (await get(src, GREENFIELD)).arrayBuffer());
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = (y * info.width + x) * info.channels;
      return [data[at], data[at + 1], data[at + 2]];
    };
    const maskable = green.icons.find((i) => i.purpose === 'maskable' && i.sizes === '512x512')!.src;
    const plain = green.icons.find((i) => i.purpose === 'any' && i.sizes === '512x512')!.src;
    const RED = [200, 20, 20];
    const WHITE = [255, 255, 255];
    expect(await pixel(maskable, 256, 256)).toEqual(RED);
    // The logo is 2:1, so it spans 56% of the width: x 113..399. Outside the safe zone is background.
    expect(await pixel(maskable, 60, 256)).toEqual(WHITE);
    expect(await pixel(maskable, 440, 256)).toEqual(WHITE);
    expect(await pixel(plain, 60, 256)).toEqual(RED);
  });

  it('answers the platform’s own manifest on the platform host, and 404 for an icon of an old logo', async () => {
    expect(await manifest('localhost')).toEqual(BUILT);
    const green = await manifest(GREENFIELD);
    const stale = green.icons[0]!.src.replace(/\/[0-9a-f]{16}\//, '/0123456789abcdef/');
    expect((await get(stale, GREENFIELD)).status).toBe(404);
  });

  it("colours the page's theme-color with the school's colour", async () => {
    const page = async (host: string) => (await get('/', host)).text();
    expect(await page(GREENFIELD)).toContain('<meta name="theme-color" content="#2E7D32"');
    expect(await page(HILLSIDE)).toContain('<meta name="theme-color" content="#11365A"');
    expect(await page('localhost')).toContain('<meta name="theme-color" content="#11365A"');
  });

  it('speaks the school’s language: lang, dir and the description in its words', async () => {
    expect(await manifest(GREENFIELD)).toMatchObject({ lang: 'en', dir: 'ltr', description: BUILT.description });
    expect(await manifest(HILLSIDE)).toMatchObject({
      name: 'Hillside Academy',
      lang: 'ar',
      dir: 'rtl',
      description: 'اقرأ القصص واكتبها وشاركها: مكتبة إلكترونية للمدارس والعائلات.',
    });
  });

  it('shortens a long school name to whole words for the home screen', () => {
    expect(shortName('Greenfield Primary')).toBe('Greenfield');
    expect(shortName('St Mary Catholic School')).toBe('St Mary');
    expect(shortName('Oak')).toBe('Oak');
    expect(shortName('Supercalifragilistic Academy')).toBe('Supercalifra');
  });
});
