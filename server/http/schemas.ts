// Schemas used by more than one route file: row ids, paging, and the answers that name the
// components of openapi.json (from which the PWA's client types are generated).
import { z } from '@hono/zod-openapi';
import { ROLES } from '../../src/contract/domain';
import { LOCALES } from '../../src/contract/locales';

/** The largest id a row can have (PostgreSQL's integer). */
const MAX_ID = 2_147_483_647;
/** A row's id in a path or a query string (text, read as a number). */
export const Id = z.coerce.number().int().positive().max(MAX_ID);
/** A row's id in a JSON body, where it must already be a number. */
export const JsonId = z.number().int().positive().max(MAX_ID);
/** `{id}` in a path. */
export const IdParam = z.object({ id: Id });

export const UserSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    username: z.string().nullable(),
    role: z.enum(ROLES),
    avatar: z.string().nullable(),
    country: z.string().nullable(),
    tenant_id: z.number().int().nullable(),
    /** The language this person chose (kept for staff, so it follows them to every device); null: the school's. */
    language: z.enum(LOCALES).nullable(),
  })
  .openapi('User');

export const MessageSchema = z.object({ message: z.string() }).openapi('Message');

/** `?limit=&offset=` as the spec's list calls send them. */
export const Paging = (maxLimit: number, defaultLimit: number) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  });
