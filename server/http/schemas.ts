// Answer schemas used by more than one route file. They name the components of openapi.json,
// from which the PWA's client types are generated.
import { z } from '@hono/zod-openapi';
import { ROLES } from '../../src/contract/domain';

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
  })
  .openapi('User');

export const MessageSchema = z.object({ message: z.string() }).openapi('Message');

/** `?limit=&offset=` as the spec's list calls send them. */
export const Paging = (maxLimit: number, defaultLimit: number) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  });
