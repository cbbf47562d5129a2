// The PWA's HTML. Each public route has a page prerendered at build time (build/prerender-plugin.ts,
// listed in dist/pages/pages.json) with its header, heading and a skeleton of its content; any
// other path gets the app shell (index.html). Before sending, the site's name and colours are
// written in (a <style> of CSS variables, so the first paint has the school's colours without a
// script), then the page is compressed for the browser and kept per site until either changes.
// HTML is always revalidated (no-cache): a new build or new colours show on the next visit.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { tenantColorCss } from '../../src/contract/tenant-css';
import { PLATFORM_NAME } from '../../src/contract/tenant-colors';
import { LANGUAGE_COOKIE, type Locale } from '../../src/contract/locales';
import { siteOf } from './context';
import { pageLocale } from './language';
import { escapeHtml } from '../lib/html';
import type { TenantRow } from '../db/schema';
import type { AppEnv } from './env';
import { encodedAnswer, encodedOnce, type Encoded } from './compress';
import { loadStaticFile } from './static-files';

/** The page file for a path: exact public routes, a book's page for /library/{id}, a story's for /stories/{slug}. */
export function pageFor(index: Record<string, string>, path: string): string | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (index[clean]) return index[clean];
  if (/^\/library\/\d+$/.test(clean)) return index['/library/:id'];
  if (/^\/stories\/[a-z0-9-]+$/.test(clean)) return index['/stories/:slug'];
  return undefined;
}

export interface Site {
  school_name: string;
  switchboard: boolean;
  [field: string]: unknown;
}

/** The HTML with the site's name, colours and year written in. */
export function brandPage(html: string, site: Site | null, year: number): string {
  const name = escapeHtml(site?.school_name ?? PLATFORM_NAME);
  let out = html.replace(/<!--tenant-name-->[\s\S]*?<!--\/tenant-name-->/g, name).replace(/<!--year-->\d+<!--\/year-->/g, String(year));
  if (site && !site.switchboard) out = out.replace(/<!--switchboard-->[\s\S]*?<!--\/switchboard-->/g, '');
  // The browser's bar (and an installed app's title bar) in the school's colour.
  const theme = site?.primary_color;
  if (typeof theme === 'string' && /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(theme))
    out = out.replace(/<meta name="theme-color" content="[^"]*"/, `<meta name="theme-color" content="${theme}"`);
  const css = site ? tenantColorCss(site) : '';
  if (css) out = out.replace('</head>', `<style id="tenant-colors">${css}</style></head>`);
  return out;
}

export interface PageData {
  /** HTML for the page's marked places (<!--name-->…<!--/name-->). */
  slots: Record<string, string>;
  /** The same content as data, for the script: src/ui/sent-with-page.ts. */
  data: Record<string, unknown>;
  /** The page's own name and summary, where they are the site's to say (a content page). */
  title?: string;
  description?: string;
}

/** Draws a page's first screen (server/site/page-data.ts) in `locale`, or null where the app draws it. */
export type PageFill = (c: Context<AppEnv>, page: string | undefined, site: TenantRow | null, locale: Locale) => Promise<PageData | null>;

/** The page with its places filled and the data beside the app's root (not inside: React replaces that). */
export function withPageData(html: string, path: string, sent: PageData | null): string {
  if (!sent) return html;
  let out = html;
  // The page's own name before the site's (as the app names it: content-page.tsx), and its summary.
  if (sent.title) out = out.replace(/<title>[^<]*? · /, () => `<title>${escapeHtml(sent.title!)} · `);
  if (sent.description)
    out = out.replace(
      /<meta name="description" content="[^"]*"/,
      () => `<meta name="description" content="${escapeHtml(sent.description!)}"`,
    );
  for (const [name, content] of Object.entries(sent.slots))
    out = out.replace(new RegExp(`<!--${name}-->[\\s\\S]*?<!--/${name}-->`), () => content);
  if (!Object.keys(sent.data).length) return out;
  // JSON in a script element: "<" is escaped so no text can close the element early.
  const json = JSON.stringify({ path, data: sent.data }).replace(/</g, '\\u003c');
  return out.replace('<!--/root-->', () => `<!--/root--><script type="application/json" id="page-data">${json}</script>`);
}

const MAX_CACHED = 500;

export function pages(staticDir: string, pageData: PageFill = async () => null) {
  const indexPath = join(staticDir, 'pages', 'pages.json');
  let indexFile: ReturnType<typeof loadStaticFile>;
  let index: Record<string, string> = {};
  const files = new Map<string, ReturnType<typeof loadStaticFile>>();
  const encoded = new Map<string, Encoded>();

  return async (c: Context<AppEnv>) => {
    const fresh = loadStaticFile(indexPath, indexFile);
    if (fresh !== indexFile) {
      indexFile = fresh;
      index = fresh ? (JSON.parse(fresh.variants.identity!.toString('utf8')) as Record<string, string>) : {};
    }
    const page = pageFor(index, c.req.path);
    const found = await siteOf(c);
    const site = found ?? null;
    // Each public page is built in every language (pages/<locale>/ beside the English ones).
    const locale = page
      ? pageLocale({ cookie: getCookie(c, LANGUAGE_COOKIE), tenant: site, acceptLanguage: c.req.header('Accept-Language') })
      : 'en';
    let path = page ? join(staticDir, 'pages', ...(locale === 'en' ? [] : [locale]), page) : join(staticDir, 'index.html');
    let file = loadStaticFile(path, files.get(path));
    if (!file && page && locale !== 'en') {
      // A build without that language's pages: the English one (the script turns it).
      path = join(staticDir, 'pages', page);
      file = loadStaticFile(path, files.get(path));
    }
    if (!file) return c.text('The PWA is not built yet: run `npm run build`.', 503);
    files.set(path, file);

    const year = new Date().getFullYear();
    const brand = site ? JSON.stringify([site.id, site.school_name, site.switchboard, tenantColorCss(site)]) : 'platform';
    // An address that is no school's site gets the page without content; its API answers say why.
    const filled = found === undefined ? null : await pageData(c, page, site, locale);
    const content = filled ? `${c.req.path}|${createHash('sha1').update(JSON.stringify(filled.data)).digest('base64')}` : '';
    const key = `${path}|${locale}|${file.version}|${year}|${brand}|${content}`;
    let body = encoded.get(key);
    if (!body) {
      const html = Buffer.from(withPageData(brandPage(file.variants.identity!.toString('utf8'), site, year), c.req.path, filled));
      body = await encodedOnce(html, 9);
      if (encoded.size >= MAX_CACHED) encoded.delete(encoded.keys().next().value!);
      encoded.set(key, body);
    }
    const res = encodedAnswer(c, body, 'text/html; charset=utf-8');
    res.headers.set('Cache-Control', 'no-cache');
    res.headers.set('Vary', 'Accept-Encoding, Accept-Language, Cookie');
    res.headers.set('Content-Language', locale);
    return res;
  };
}
