// The admin forms and list queries as zod schemas (the user form and the tenant form, with their
// messages), in the multipart wire format (every field a string, files as File), shared by the
// admin screens and the server so both refuse the same input with the same words. Full zod: only
// the lazily loaded admin screens and the server import this file.
import { z } from 'zod';
import { COUNTRY_CODES } from './countries';
import { LOCALES } from './locales';
import { ROLES } from './domain';
import { ADMIN_MSG } from './messages';
import { LogoFile, SUBDOMAIN_MAX } from './registration';
import { TENANT_COLOR_FIELDS } from './tenant-colors';

/** Admin lists answer this many rows a page: admin tables show 20 rows a page. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_MAX = 100;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;

const required = (message: string, max = 100) => z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max);
const HEX = /^#[0-9A-Fa-f]{6}$/;
const hex = (message: string) => required(message, 7).regex(HEX, 'Invalid hex color code');

/** A yes/no field of a multipart form. */
export const BoolField = (message = 'Choose yes or no') => z.enum(['true', 'false'], { error: message });

export const AvatarFile = z
  .instanceof(File, { error: 'Unsupported file format' })
  .refine((f) => f.size <= AVATAR_MAX_BYTES, { error: 'File too large', abort: true })
  .refine((f) => (AVATAR_TYPES as readonly string[]).includes(f.type), 'Unsupported file format');

/** The spec's user form: first and last name, email, country (two-letter code), avatar. */
export const UserForm = z.object({
  first_name: required('First name is required'),
  last_name: required('Last name is required'),
  email: required(ADMIN_MSG.emailRequired, 254).pipe(z.email(ADMIN_MSG.invalidEmail)),
  country: required('Country is required', 2).refine((c) => COUNTRY_CODES.has(c), 'Choose a country from the list'),
  avatar: AvatarFile.optional(),
});

/** Creating a user also says which role and which tenant (platform users have none). */
export const CreateUserForm = UserForm.extend({
  role: z.enum(ROLES, { error: 'Role is required' }).default('teacher'),
  tenant_id: z.string().trim().regex(/^\d*$/, 'Choose a tenant from the list').default(''),
}).refine((u) => u.role === 'upschool_admin' || u.tenant_id !== '', { error: 'Tenant is required for this role', path: ['tenant_id'] });

/** Editing sends only the changed fields; is_active deactivates or reactivates. */
export const UserPatch = UserForm.partial().extend({ is_active: BoolField().optional() });
export type UserFormInput = z.input<typeof UserForm>;

const colorFields = Object.fromEntries(
  TENANT_COLOR_FIELDS.filter((f) => f !== 'primary_color').map((f) => [f, hex(`${f.replace(/_/g, ' ')} is required`).optional()]),
) as Record<Exclude<(typeof TENANT_COLOR_FIELDS)[number], 'primary_color'>, z.ZodOptional<ReturnType<typeof hex>>>;

/** Ids of linked schools, as the multipart form sends them: '3,7,12' (empty: none). */
const IdList = z
  .string()
  .trim()
  .regex(/^(\d+(,\d+)*)?$/, 'Choose schools from the list')
  .transform((s) => (s ? [...new Set(s.split(',').map(Number))] : []));

/**
 * The spec's tenant form. Its domain url message reads 'Primary color is required' in the spec
 * (a slip the spec records), and we keep it as written.
 */
export const TenantForm = z.object({
  school_name: required('Name is required').min(3, 'Name must be at least 3 characters').max(100, 'Name must not exceed 100 characters'),
  school_email: required(ADMIN_MSG.emailRequired, 254).pipe(z.email(ADMIN_MSG.invalidEmail)),
  domain_url: required(ADMIN_MSG.primaryColorRequired, 253),
  switchboard: BoolField('Switchboard status is required'),
  primary_color: hex(ADMIN_MSG.primaryColorRequired),
  ...colorFields,
  subdomain: z
    .string()
    .trim()
    .max(SUBDOMAIN_MAX, `Subdomain must not exceed ${SUBDOMAIN_MAX} characters`)
    .regex(/^[a-z0-9-]*$/, 'Subdomain can only contain lowercase letters, numbers, and hyphens')
    .optional(),
  is_organization: BoolField().optional(),
  /** The site's language, and whether a visitor gets the browser's instead (English, no: by default). */
  default_language: z.enum(LOCALES, { error: 'Choose a language from the list' }).optional(),
  allow_browser_language: BoolField().optional(),
  organizations: IdList.optional(),
  logo: LogoFile.optional(),
});
export type TenantFormInput = z.input<typeof TenantForm>;

/** Editing a tenant sends only the fields that changed. */
export const TenantPatch = TenantForm.partial();

/** One page of an admin list, as every generated list endpoint answers it. */
export interface AdminPage<Row> {
  count: number;
  results: Row[];
}

/** A school's community (parent) password, as superpower-parent sets it. */
export const CommunityPassword = z.object({
  password: z.string().trim().min(8, 'Password must be at least 8 characters').max(100, 'Password must not exceed 100 characters'),
});
