// The installed app is the school's: GET /manifest.webmanifest answers per host. On a school's
// site (subdomain or verified own domain) it carries the school's name, a short name that fits
// under a home-screen icon, its primary colour as the theme, its light background colour for the
// splash screen, and icons made from its logo; on the platform, and for a school without a logo,
// the platform's own icons. A school's is in the school's language: its `lang` and `dir`, and the
// description in its words (the same catalogues as the screens). The built manifest (dist/manifest.webmanifest) is the base, so its
// start URL, scope and display stay as the build made them.
//
// Icons: GET /manifest-icons/<tenant>/<logo hash>/<192|512>[-maskable].png, drawn with sharp in
// the worker pool on first ask and kept in memory (the URL names the logo's version, so browsers keep it forever).
// A plain icon is the logo on white with a small margin; a maskable one keeps the logo inside the
// middle 56% (the square within the 80% circle every launcher shape leaves whole).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { runCpu } from '../lib/cpu-pool';
import { tenantLogos, type TenantRow } from '../db/schema';
import { storageKey } from '../providers/storage/storage';
import { siteOf } from '../http/context';
import type { AppEnv } from '../http/env';
import { translate } from '../http/language';
import { isLocale, LOCALE_INFO } from '../../src/contract/locales';

export const ICON_SIZES = [192, 512] as const;
const HEX = /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;
const MAX_ICONS = 200;

/** A short name for the home screen (about 12 characters show under an icon). */
export function shortName(name: string): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length <= 12) return clean;
  const words = clean.split(' ');
  let out = words[0]!;
  for (const word of words.slice(1)) {
    if (`${out} ${word}`.length > 12) break;
    out = `${out} ${word}`;
  }
  return out.slice(0, 12);
}

interface Manifest {
  icons?: unknown[];
  [field: string]: unknown;
}

function schoolManifest(base: Manifest, site: TenantRow, logoHash: string | null): Manifest {
  const colour = (value: string, fallback: unknown) => (HEX.test(value) ? value : fallback);
  const icons = logoHash
    ? ICON_SIZES.flatMap((size) => [
        { src: `/manifest-icons/${site.id}/${logoHash}/${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
        {
          src: `/manifest-icons/${site.id}/${logoHash}/${size}-maskable.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'maskable',
        },
      ])
    : base.icons;
  const lang = isLocale(site.default_language) ? site.default_language : 'en';
  return {
    ...base,
    // The same path on every host; the host makes each school's app its own installation.
    id: '/',
    name: site.school_name,
    short_name: shortName(site.school_name),
    theme_color: colour(site.primary_color, base.theme_color),
    background_color: colour(site.bg_secondary_color, base.background_color),
    icons,
    lang,
    dir: LOCALE_INFO[lang].dir,
    ...(typeof base.description === 'string' ? { description: translate(base.description, lang) } : {}),
  };
}

export function manifestRoutes(staticDir: string) {
  const icons = new Map<string, Buffer>();
  let base: { at: number; manifest: Manifest } | undefined;
  const builtManifest = (): Manifest => {
    // Read again at most once a minute: a new build in place shows without a restart.
    if (!base || Date.now() - base.at > 60_000) {
      let manifest: Manifest = {};
      try {
        manifest = JSON.parse(readFileSync(join(staticDir, 'manifest.webmanifest'), 'utf8')) as Manifest;
      } catch {
        /* not built: the school's fields alone */
      }
      base = { at: Date.now(), manifest };
    }
    return base.manifest;
  };

  return new Hono<AppEnv>()
    .get('/manifest.webmanifest', async (c) => {
      const site = await siteOf(c);
      let manifest = builtManifest();
      if (site) {
        const [logo] = await c
          .get('db')
          .select({ sha256: tenantLogos.sha256 })
          .from(tenantLogos)
          .where(eq(tenantLogos.tenant_id, site.id))
          .limit(1);
        manifest = schoolManifest(manifest, site, logo ? logo.sha256.slice(0, 16) : null);
      }
      return c.body(JSON.stringify(manifest), 200, { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'no-cache' });
    })
    .get('/manifest-icons/:tenant{[0-9]+}/:hash{[0-9a-f]{16}}/:icon{(?:192|512)(?:-maskable)?\\.png}', async (c) => {
      const { tenant, hash, icon } = c.req.param();
      const key = `${tenant}/${hash}/${icon}`;
      let png = icons.get(key);
      if (!png) {
        const [logo] = await c
          .get('db')
          .select({ sha256: tenantLogos.sha256 })
          .from(tenantLogos)
          .where(eq(tenantLogos.tenant_id, Number(tenant)))
          .limit(1);
        // Only the logo's current version: an old URL must not keep drawing from a new logo.
        if (!logo || !logo.sha256.startsWith(hash)) return c.json({ message: 'No such icon.' }, 404);
        const data = await c.get('deps').storage.get(c.get('db'), storageKey.logo(Number(tenant)));
        if (!data) return c.json({ message: 'No such icon.' }, 404);
        // Drawn in the worker pool (lib/pictures.ts): a raster logo over the pixel limit is refused.
        png = Buffer.from(await runCpu('drawIcon', { logo: data, size: Number.parseInt(icon, 10), maskable: icon.includes('maskable') }));
        if (icons.size >= MAX_ICONS) icons.delete(icons.keys().next().value!);
        icons.set(key, png);
      }
      return c.body(new Uint8Array(png), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=31536000, immutable' });
    });
}
