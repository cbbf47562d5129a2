// Pictures of documents (stories now, book pages later). The device resizes each picture (at
// most 1600 px, WebP or JPEG) and names it with a UUID before it is sent, so a document can show
// it offline; POST stores it once per id (the outbox may send it again), GET serves it on its
// school's site only, with a long private cache: a picture's bytes never change under its id,
// and a child's picture is never kept by a shared cache (a proxy, a CDN).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { and, eq } from 'drizzle-orm';
import { DOCUMENT_LIMITS, DOCUMENT_MSG, PICTURE_TYPES, pictureSrc, type PictureType } from '../../../src/contract/document';
import { pictures } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, errorBody, jsonBody, prepared, signedInUser } from '../../http/route';
import { runCpu } from '../../lib/cpu-pool';
import { filePart, formOf } from '../../http/request-body';
import type { CleanPicture } from '../../lib/pictures';
import { WORK_MSG } from '../../../src/contract/limits';
import type { Context } from 'hono';
import { siteTenant, WRITERS } from '../../http/access';
import { storageKey } from '../../providers/storage/storage';

const PictureSchema = z
  .object({ id: z.string(), src: z.string(), content_type: z.enum(PICTURE_TYPES), width: z.number().int(), height: z.number().int() })
  .openapi('Picture');

const Side = z.coerce.number().int().min(1).max(10_000);
const PictureForm = z.object({
  id: z.string().uuid(),
  width: Side,
  height: Side,
  file: z.instanceof(File, { error: DOCUMENT_MSG.pictureType }).openapi({ type: 'string', format: 'binary' }),
});

const uploadPicture = defineRoute(
  { roles: WRITERS, site: 'tenant', outbox: true, bodyLimit: DOCUMENT_LIMITS.pictureRequestBytes, prepare: pictureOfRequest },
  {
    method: 'post',
    path: '/pictures/',
    summary: 'Store a picture made on the device (JPEG, PNG or WebP, at most 5 MB); the same id again is answered as before',
    request: { body: { required: true, content: { 'multipart/form-data': { schema: PictureForm } } } },
    responses: {
      201: jsonBody(PictureSchema, 'Stored'),
      200: jsonBody(PictureSchema, 'Already stored'),
      409: { description: 'The id belongs to another picture', ...errorBody },
      413: { description: `'${DOCUMENT_MSG.pictureTooBig}' or '${WORK_MSG.pictureTooManyPixels}'`, ...errorBody },
      415: { description: `'${DOCUMENT_MSG.pictureType}'`, ...errorBody },
      422: { description: `'${WORK_MSG.pictureDamaged}'`, ...errorBody },
    },
  },
);

/**
 * The `prepare` of an upload: the picture checked (its size, the type its bytes really are) and
 * decoded and written again in the worker pool (lib/pictures.ts: metadata and GPS dropped, the
 * camera's orientation applied, refused when it declares too many pixels), before the change's
 * transaction opens. Null when no file was sent (the validator answers).
 */
async function pictureOfRequest(c: Context<AppEnv>): Promise<(CleanPicture & { type: PictureType }) | null> {
  const bytes = filePart(await formOf(c), 'file')?.data;
  if (!bytes) return null;
  if (bytes.byteLength > DOCUMENT_LIMITS.pictureBytes) fail(413, DOCUMENT_MSG.pictureTooBig);
  const type = sniffPicture(bytes);
  if (!type) fail(415, DOCUMENT_MSG.pictureType);
  return { ...(await runCpu('reencodePicture', { bytes, type })), type };
}

/** The type the bytes really are (never the type the client claims). */
export function sniffPicture(bytes: Uint8Array): PictureType | null {
  const at = (i: number, ...b: number[]) => b.every((v, j) => bytes[i + j] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

const router = new OpenAPIHono<AppEnv>();
// The same limit as the route's own (above), checked first so a refusal says why in the writer's words.
router.use(
  '/pictures/',
  bodyLimit({ maxSize: DOCUMENT_LIMITS.pictureRequestBytes, onError: (c) => c.json({ message: DOCUMENT_MSG.pictureTooBig }, 413) }),
);

export const pictureRoutes = router
  .openapi(uploadPicture, async (c) => {
    const tenant = siteTenant(c);
    const user = signedInUser(c);
    const form = c.req.valid('form');
    const clean = prepared<NonNullable<Awaited<ReturnType<typeof pictureOfRequest>>>>(c);
    const [existing] = await c
      .get('db')
      .select({
        tenant_id: pictures.tenant_id,
        owner_id: pictures.owner_id,
        content_type: pictures.content_type,
        width: pictures.width,
        height: pictures.height,
      })
      .from(pictures)
      .where(eq(pictures.id, form.id));
    if (existing) {
      if (existing.tenant_id !== tenant.id || existing.owner_id !== user.id) fail(409, 'This picture id is already used.');
      const answer = {
        id: form.id,
        src: pictureSrc(form.id),
        content_type: existing.content_type as PictureType,
        width: existing.width,
        height: existing.height,
      };
      return c.json(answer, 200);
    }
    const { data, type, print } = clean;
    // The bytes first: a row never names a file the store does not have (a retry puts them again).
    const { storage } = c.get('deps');
    await storage.put(c.get('db'), storageKey.picture(form.id), data, type);
    if (print) await storage.put(c.get('db'), storageKey.picturePrint(form.id), print, 'image/jpeg');
    await c.get('db').insert(pictures).values({
      id: form.id,
      tenant_id: tenant.id,
      owner_id: user.id,
      content_type: type,
      width: clean.width,
      height: clean.height,
    });
    return c.json({ id: form.id, src: pictureSrc(form.id), content_type: type, width: clean.width, height: clean.height }, 201);
  })
  // Plain GET (not in the API document): an image, cached for a year.
  .get('/pictures/:id{[0-9a-f-]{36}}/', async (c) => {
    const tenant = c.get('tenant');
    if (!tenant) fail(404, 'No such picture.');
    const id = c.req.param('id');
    const [row] = await c
      .get('db')
      .select({ content_type: pictures.content_type })
      .from(pictures)
      .where(and(eq(pictures.id, id), eq(pictures.tenant_id, tenant.id)));
    if (!row) fail(404, 'No such picture.');
    const data = await c.get('deps').storage.get(c.get('db'), storageKey.picture(id));
    if (!data) fail(404, 'No such picture.');
    return c.body(data as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': row.content_type,
      // Children's pictures: kept by the browser that was allowed to fetch them, never by a shared cache.
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
  });
