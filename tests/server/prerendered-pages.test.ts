// The served HTML: each public route gets its prerendered page (dist/pages, listed in
// pages.json), other paths the app shell; the site's name and colours are written in before
// paint (a <style> of CSS variables, no script), compressed, and always revalidated.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { brandPage, pageFor } from '../../server/http/pages';
import { tenantColorCss } from '../../src/contract/tenant-css';
import { GREENFIELD, startServer, type TestServer } from './harness';

const page = (heading: string) =>
  `<!doctype html><html lang="en"><head><title>${heading} · <!--tenant-name-->StoryNest<!--/tenant-name--></title></head><body><div id="root"><header><span class="brand-name"><!--tenant-name-->StoryNest<!--/tenant-name--></span><!--switchboard--><form role="search"></form><!--/switchboard--></header><main><h1>${heading}</h1></main><footer>© <!--year-->2020<!--/year--> <!--tenant-name-->StoryNest<!--/tenant-name--></footer></div><!--/root--></body></html>`;

describe('pageFor', () => {
  const index = { '/': 'home.html', '/library': 'library.html', '/library/:id': 'book.html', '/login': 'login.html' };
  it('finds exact routes, a book by id, and nothing for other paths', () => {
    expect(pageFor(index, '/')).toBe('home.html');
    expect(pageFor(index, '/library/')).toBe('library.html');
    expect(pageFor(index, '/library/42')).toBe('book.html');
    expect(pageFor(index, '/library/abc')).toBeUndefined();
    expect(pageFor(index, '/dashboard')).toBeUndefined();
  });
});

describe('tenantColorCss and brandPage', () => {
  it('writes only real colours, with readable text colours', () => {
    const css = tenantColorCss({ primary_color: '#11365A', button_color: 'red;} body{display:none', text_primary_color: '#1B1F24' });
    expect(css).toBe(':root{--primary_color:#11365A;--text_primary_color:#1B1F24;--on-primary:#FFFFFF}');
  });
  it("writes the site's name (escaped), year and colours, and drops the switchboard when the site has none", () => {
    const html = brandPage(page('Charities'), { school_name: 'A & B <School>', switchboard: false, primary_color: '#123456' }, 2031);
    expect(html).toContain('<title>Charities · A &amp; B &lt;School&gt;</title>');
    expect(html).toContain('© 2031 A &amp; B &lt;School&gt;');
    expect(html).not.toContain('role="search"');
    expect(html).toContain('<style id="tenant-colors">:root{--primary_color:#123456;--on-primary:#FFFFFF}</style></head>');
    expect(html).not.toContain('<!--tenant-name-->');
  });
});

describe('served pages', () => {
  let server: TestServer;
  let dir: string;
  let app: ReturnType<typeof createApp>;
  const get = (path: string, host = GREENFIELD) => app.request(path, { headers: { host, 'accept-encoding': 'br' } });
  const html = async (res: Response) => brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();

  beforeAll(async () => {
    server = await startServer('pglite');
    dir = mkdtempSync(join(tmpdir(), 'storynest-pages-'));
    mkdirSync(join(dir, 'pages'));
    writeFileSync(join(dir, 'index.html'), page('App shell'));
    writeFileSync(join(dir, 'pages', 'library.html'), page('Online Library'));
    writeFileSync(join(dir, 'pages', 'book.html'), page('A book'));
    writeFileSync(join(dir, 'pages', 'pages.json'), JSON.stringify({ '/library': 'library.html', '/library/:id': 'book.html' }));
    app = createApp({ ...server.deps, config: { ...server.deps.config, staticDir: dir } });
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  });

  it("answers /library with its prerendered page in the school's name and colours, compressed, no-cache", async () => {
    const res = await get('/library');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const body = await html(res);
    expect(body).toContain('<h1>Online Library</h1>');
    expect(body).toContain('<span class="brand-name">Greenfield Primary</span>');
    expect(body).toMatch(/<style id="tenant-colors">:root\{--primary_color:#[0-9A-Fa-f]{6};/);
  });

  it('answers a book with the book page, other paths with the app shell, the platform with its own name', async () => {
    expect(await html(await get('/library/7'))).toContain('<h1>A book</h1>');
    expect(await html(await get('/teacher/classes'))).toContain('<h1>App shell</h1>');
    const platform = await html(await get('/library', 'localhost'));
    expect(platform).toContain('<span class="brand-name">StoryNest</span>');
    expect(platform).not.toContain('tenant-colors');
  });
});
