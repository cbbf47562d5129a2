// Registration of a school or organization: one schema for the
// form and for POST /tenants/create/, in the multipart wire format (every field a string, the
// logo a file), so both sides enforce the same rules with the same words.
import { z } from 'zod';
import './zod-config';

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/svg+xml'] as const;
export const SUBDOMAIN_MAX = 63;

const HEX = /^#[0-9A-Fa-f]{6}$/;
const SUBDOMAIN_CHARS = /^[a-z0-9-]+$/;
const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** On blur the spec prepends https:// to a website typed without a scheme. */
export function withScheme(url: string): string {
  const value = url.trim();
  if (!value || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return value;
  return `https://${value}`;
}

function parsedUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** A site address from a name: 'St. Mary's Primary' -> 'st-marys-primary'. */
export function suggestSubdomain(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SUBDOMAIN_MAX)
    .replace(/^-+|-+$/g, '');
}

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

const hexColor = (message: string) => required(message).regex(HEX, /*i18n*/ 'Invalid hex color code');

export const LogoFile = z
  .instanceof(File, { error: /*i18n*/ 'Unsupported file format' })
  .refine((f) => f.size <= LOGO_MAX_BYTES, { error: /*i18n*/ 'File too large', abort: true })
  .refine((f) => (LOGO_TYPES as readonly string[]).includes(f.type), /*i18n*/ 'Unsupported file format');

export const RegistrationRequest = z.object({
  is_organization: z.enum(['true', 'false']).default('false'),
  school_name: required(/*i18n*/ 'Name is required')
    .min(3, /*i18n*/ 'Name must be at least 3 characters')
    .max(100, /*i18n*/ 'Name must not exceed 100 characters'),
  school_email: required(/*i18n*/ 'Email is required').pipe(z.email(/*i18n*/ 'Invalid email address').max(254)),
  domain_url: required(/*i18n*/ 'Domain URL is required')
    .refine((v) => parsedUrl(v) !== null, { error: /*i18n*/ 'Invalid URL format', abort: true })
    .refine((v) => DOMAIN.test(parsedUrl(v)?.hostname ?? ''), /*i18n*/ 'Invalid domain format'),
  /** Optional: the server derives one from the name when it is left empty. */
  subdomain: z
    .string()
    .trim()
    .max(SUBDOMAIN_MAX, `Subdomain must not exceed ${SUBDOMAIN_MAX} characters`)
    .refine((v) => v === '' || SUBDOMAIN_CHARS.test(v), /*i18n*/ 'Subdomain can only contain lowercase letters, numbers, and hyphens')
    .refine((v) => !v.startsWith('-') && !v.endsWith('-'), /*i18n*/ 'Subdomain cannot start or end with a hyphen')
    .default(''),
  first_name: required(/*i18n*/ 'First name is required').max(100, /*i18n*/ 'First name must not exceed 100 characters'),
  last_name: required(/*i18n*/ 'Last name is required').max(100, /*i18n*/ 'Last name must not exceed 100 characters'),
  primary_color: hexColor(/*i18n*/ 'Primary color is required'),
  primary_color_light: hexColor(/*i18n*/ 'Primary color light is required'),
  primary_color_dark: hexColor(/*i18n*/ 'Primary color dark is required'),
  logo: LogoFile.optional(),
});
export type RegistrationInput = z.input<typeof RegistrationRequest>;
export type Registration = z.output<typeof RegistrationRequest>;
export type RegistrationField = keyof RegistrationInput;

/**
 * A failed registration as the spec words it: the server's message, else its field errors
 * joined as 'field name: message', else the default.
 */
export function registrationError(body: unknown, fallback: string): string {
  const answer = (body ?? {}) as { message?: unknown; errors?: unknown };
  if (typeof answer.message === 'string' && answer.message) return answer.message;
  if (answer.errors && typeof answer.errors === 'object') {
    const joined = Object.entries(answer.errors as Record<string, unknown>)
      .map(([field, messages]) => `${field.replace(/_/g, ' ')}: ${[messages].flat().join(' ')}`)
      .join('; ');
    if (joined) return joined;
  }
  return fallback;
}
