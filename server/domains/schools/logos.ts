// Tenant logos (registration and the platform admin's tenant form): the bytes must be what the
// type claims and an SVG is sanitised (lib/uploads.ts, in the worker pool), and the file is kept
// in the file store (the database or the bucket) so every API process serves it; `tenants.logo`
// holds its versioned URL. Checking and cleaning (prepareLogo) happen before the caller opens a
// transaction, so no transaction waits on the pool while it holds the database.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Queryable } from '../../db/client';
import { tenantLogos, tenants } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { filePart, formOf } from '../../http/request-body';
import { sha256 } from '../../lib/crypto';
import { CpuRefusal, runCpu } from '../../lib/cpu-pool';
import { logoMatchesType } from '../../lib/uploads';
import { storageKey, type FileStore } from '../../providers/storage/storage';
import { WORK_LIMITS, WORK_MSG, elementCount } from '../../../src/contract/limits';

/** A logo checked and cleaned, ready to store. */
export interface PreparedLogo {
  bytes: Uint8Array;
  type: string;
}

const unsupported = () => fail(400, 'logo: Unsupported file format', { errors: { logo: ['Unsupported file format'] } });
const tooLarge = (): never => fail(413, `logo: ${WORK_MSG.svgTooBig}`, { errors: { logo: [WORK_MSG.svgTooBig] } });

/** Checks the file is the image it claims; an SVG is bounded, then cleaned in the worker pool. */
async function prepareLogo(sent: Uint8Array, type: string): Promise<PreparedLogo> {
  if (type === 'image/svg+xml' && sent.byteLength > WORK_LIMITS.svgBytes) tooLarge();
  let bytes = sent;
  if (!logoMatchesType(bytes, type)) unsupported();
  if (type === 'image/svg+xml') {
    const text = new TextDecoder().decode(bytes);
    if (elementCount(text) > WORK_LIMITS.svgElements) tooLarge();
    const { svg } = await runCpu('cleanSvg', text).catch((err: unknown) => {
      if (err instanceof CpuRefusal && err.status === 413) tooLarge();
      throw err;
    });
    if (!/<svg[\s>]/i.test(svg)) unsupported();
    bytes = new TextEncoder().encode(svg);
  }
  return { bytes, type };
}

/**
 * The `prepare` of a change that may carry a logo (multipart, field `logo`): the logo checked and
 * cleaned before the change's transaction opens, or null without one.
 */
export async function logoOfRequest(c: Context<AppEnv>): Promise<PreparedLogo | null> {
  const logo = filePart(await formOf(c), 'logo');
  return logo && logo.data.byteLength > 0 ? prepareLogo(logo.data, logo.type) : null;
}

/** Stores a prepared logo as the tenant's; answers its URL. */
export async function storeLogo(db: Queryable, storage: FileStore, tenantId: number, logo: PreparedLogo): Promise<string> {
  const { bytes, type } = logo;
  // The hash of the base64 text, as before the bytes left the row: existing logo URLs stay valid.
  const hash = sha256(Buffer.from(bytes).toString('base64'));
  await storage.put(db, storageKey.logo(tenantId), bytes, type);
  await db
    .insert(tenantLogos)
    .values({ tenant_id: tenantId, content_type: type, sha256: hash })
    .onConflictDoUpdate({ target: tenantLogos.tenant_id, set: { content_type: type, sha256: hash, updated_at: new Date() } });
  const url = `/api/tenant-logos/${tenantId}?v=${hash.slice(0, 12)}`;
  await db.update(tenants).set({ logo: url }).where(eq(tenants.id, tenantId));
  return url;
}
