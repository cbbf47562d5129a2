// Tenant logos (registration and the platform admin's tenant form): the bytes must be what the
// type claims and an SVG is sanitised (lib/uploads.ts), and the file is kept in the database so
// every API process serves it; `tenants.logo` holds its versioned URL.
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { tenantLogos, tenants } from '../../db/schema';
import { fail } from '../../http/errors';
import { sha256 } from '../../lib/crypto';
import { logoMatchesType, sanitizeSvg } from '../../lib/uploads';

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
