// Pages drawn in the visitor's language (issue 26): the server picks the language the app will
// pick (the language chosen by whoever uses this device, else the browser's where the school allows it, else the
// school's, else English), serves that language's built page with its <html lang dir>, and draws
// the first screen's words and prices in it, so nothing turns or moves when the script runs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { pageLocale, translate } from '../../server/http/language';
import { GREENFIELD, signIn, startServer, type TestServer } from './harness';

const page = (lang: string, dir: string, heading: string) =>
  `<!doctype html><html lang="${lang}" dir="${dir}"><head><title>${heading}</title></head><body><div id="root"><main><h1>${heading}</h1><!--books--><ul class="book-grid"></ul><!--/books--></main></div><!--/root--></body></html>`;

describe('pageLocale', () => {
  const school = (default_language: string, allow_browser_language = false) => ({ default_language, allow_browser_language });
  it("takes the choice made on this device, else the browser's where allowed, else the school's, else English", () => {
    expect(pageLocale({ cookie: 'hi', tenant: school('ar'), acceptLanguage: 'es' })).toBe('hi');
    expect(pageLocale({ cookie: 'tlh', tenant: school('ar'), acceptLanguage: 'es' })).toBe('ar');
    expect(pageLocale({ tenant: school('ar', true), acceptLanguage: 'es-MX,es;q=0.9' })).toBe('es');
    expect(pageLocale({ tenant: school('ar', true), acceptLanguage: 'pt-BR' })).toBe('ar');
    expect(pageLocale({ tenant: school('fr'), acceptLanguage: 'es' })).toBe('fr');
    expect(pageLocale({ tenant: null, acceptLanguage: 'ar' })).toBe('en');
  });
});

describe('a page in the visitor’s language', () => {
  let server: TestServer;
  let dir: string;
  let app: ReturnType<typeof createApp>;
  let head: string;
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers: { host: GREENFIELD, ...headers } });
  // Through this app: it keeps its own copy of the site's settings, renewed by its own writes.
  const setSchool = (json: Record<string, string>) =>
    app.request('/api/api-school-admin/profile/', {
      method: 'PATCH',
      headers: { host: GREENFIELD, authorization: `Bearer ${head}`, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });

  beforeAll(async () => {
    server = await startServer('pglite');
    dir = mkdtempSync(join(tmpdir(), 'storynest-page-language-'));
    mkdirSync(join(dir, 'pages', 'ar'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), page('en', 'ltr', 'App shell'));
    writeFileSync(join(dir, 'pages', 'library.html'), page('en', 'ltr', 'Online Library'));
    writeFileSync(join(dir, 'pages', 'ar', 'library.html'), page('ar', 'rtl', translate('Online Library', 'ar')));
    writeFileSync(join(dir, 'pages', 'pages.json'), JSON.stringify({ '/library': 'library.html' }));
    app = createApp({ ...server.deps, config: { ...server.deps.config, staticDir: dir } });
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
  });
  afterAll(async () => {
    await setSchool({ default_language: 'en', allow_browser_language: 'false' });
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  });

  it('draws an Arabic school’s library in Arabic, right to left, its cards’ words and prices too', async () => {
    expect((await setSchool({ default_language: 'ar' })).status).toBe(200);
    const res = await get('/library');
    expect(res.headers.get('content-language')).toBe('ar');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    const html = await res.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(`<h1>${translate('Online Library', 'ar')}</h1>`);
    expect(translate('Add to cart', 'ar')).not.toBe('Add to cart');
    expect(html).toContain(`>${translate('Add to cart', 'ar')}</button>`);
    expect(html).not.toMatch(/>Add to cart<|aria-label="Add to cart/);
    // Prices in Arabic-Indic digits, as the app writes them (src/ui/format.ts in Arabic).
    const prices = [...html.matchAll(/<p class="book-price">([^<]*)<\/p>/g)].map((m) => m[1]!);
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(/[٠-٩]/);
  });

  it('follows the choice made on this device before the school’s, and the browser’s only where the school allows it', async () => {
    await setSchool({ default_language: 'ar', allow_browser_language: 'false' });
    expect(await (await get('/library', { cookie: 'language=en' })).text()).toContain('<html lang="en" dir="ltr">');
    expect(await (await get('/library', { 'accept-language': 'en' })).text()).toContain('<html lang="ar" dir="rtl">');
    await setSchool({ allow_browser_language: 'true' });
    expect(await (await get('/library', { 'accept-language': 'en-GB' })).text()).toContain('<html lang="en" dir="ltr">');
  });

  it('serves the English page, with the words in the language, where the build has no page in it', async () => {
    await setSchool({ default_language: 'es', allow_browser_language: 'false' });
    const res = await get('/library');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Online Library</h1>');
    expect(html).toContain(`>${translate('Add to cart', 'es')}</button>`);
    // The app shell (no public page) is the same for everyone.
    expect(await (await get('/teacher/classes')).text()).toContain('<h1>App shell</h1>');
  });
});
