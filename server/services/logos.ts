// Tenant logos (registration and the platform admin's tenant form): the bytes must be what the
// type claims (PNG and JPEG by signature, SVG by its root element), an SVG is sanitised with
// DOMPurify (no scripts, no event handlers, no external references survive), and the file is
// kept in the database so every API process serves it; `tenants.logo` holds its versioned URL.
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { tenantLogos, tenants } from '../db/schema';
import { fail } from '../http/errors';
import { sha256 } from './crypto';

/** The file really is what it claims: PNG and JPEG by their signatures, SVG by its root element. */
export function logoMatchesType(bytes: Uint8Array, type: string): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (type === 'image/png') return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  if (type === 'image/jpeg') return starts(0xff, 0xd8, 0xff);
  if (type === 'image/svg+xml') {
    const head = new TextDecoder()
      .decode(bytes.subarray(0, 2048))
      .replace(/^\uFEFF/, '')
      .trimStart();
    return head.startsWith('<') && /<svg[\s>]/i.test(head);
  }
  return false;
}

let purifier: ReturnType<typeof createDOMPurify> | undefined;

/** An SVG with everything active removed (scripts, handlers, foreign objects, outside links). */
export function sanitizeSvg(svg: string): string {
  purifier ??= createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  return purifier.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true }, FORBID_TAGS: ['foreignObject', 'use'] });
}

/** Checks, sanitises and stores a tenant's logo; answers its URL. */
export async function storeLogo(db: Queryable, tenantId: number, file: File): Promise<string> {
  let bytes = new Uint8Array(await file.arrayBuffer());
  if (!logoMatchesType(bytes, file.type)) fail(400, 'logo: Unsupported file format', { errors: { logo: ['Unsupported file format'] } });
  if (file.type === 'image/svg+xml') {
    const clean = sanitizeSvg(new TextDecoder().decode(bytes));
    if (!/<svg[\s>]/i.test(clean)) fail(400, 'logo: Unsupported file format', { errors: { logo: ['Unsupported file format'] } });
    bytes = new TextEncoder().encode(clean);
  }
  const data = Buffer.from(bytes).toString('base64');
  const hash = sha256(data);
  await db
    .insert(tenantLogos)
    .values({ tenant_id: tenantId, content_type: file.type, data, sha256: hash })
    .onConflictDoUpdate({ target: tenantLogos.tenant_id, set: { content_type: file.type, data, sha256: hash, updated_at: new Date() } });
  const url = `/api/tenant-logos/${tenantId}?v=${hash.slice(0, 12)}`;
  await db.update(tenants).set({ logo: url }).where(eq(tenants.id, tenantId));
  return url;
}
