// Tenant logos (registration and the platform admin's tenant form): the bytes must be what the
// type claims and an SVG is sanitised (lib/uploads.ts), and the file is kept in the file store
// (the database or the bucket) so every API process serves it; `tenants.logo` holds its versioned URL.
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { tenantLogos, tenants } from '../../db/schema';
import { fail } from '../../http/errors';
import { sha256 } from '../../lib/crypto';
import { logoMatchesType, sanitizeSvg } from '../../lib/uploads';
import { storageKey, type FileStore } from '../../providers/storage/storage';

/** Checks, sanitises and stores a tenant's logo; answers its URL. */
export async function storeLogo(db: Queryable, storage: FileStore, tenantId: number, file: File): Promise<string> {
  let bytes = new Uint8Array(await file.arrayBuffer());
  if (!logoMatchesType(bytes, file.type)) fail(400, 'logo: Unsupported file format', { errors: { logo: ['Unsupported file format'] } });
  if (file.type === 'image/svg+xml') {
    const clean = sanitizeSvg(new TextDecoder().decode(bytes));
    if (!/<svg[\s>]/i.test(clean)) fail(400, 'logo: Unsupported file format', { errors: { logo: ['Unsupported file format'] } });
    bytes = new TextEncoder().encode(clean);
  }
  // The hash of the base64 text, as before the bytes left the row: existing logo URLs stay valid.
  const hash = sha256(Buffer.from(bytes).toString('base64'));
  await storage.put(db, storageKey.logo(tenantId), bytes, file.type);
  await db
    .insert(tenantLogos)
    .values({ tenant_id: tenantId, content_type: file.type, sha256: hash })
    .onConflictDoUpdate({ target: tenantLogos.tenant_id, set: { content_type: file.type, sha256: hash, updated_at: new Date() } });
  const url = `/api/tenant-logos/${tenantId}?v=${hash.slice(0, 12)}`;
  await db.update(tenants).set({ logo: url }).where(eq(tenants.id, tenantId));
  return url;
}
