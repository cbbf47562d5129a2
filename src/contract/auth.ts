// Sign-in, password and invitation request schemas, shared by the sign-in screens and the API.
import { z } from 'zod';
import './zod-config';
import { LOCALES } from './locales';
import { AUTH_MSG, MSG } from './messages';

/** The spec's "login constant of 20": profile cards per page on the student sign-in. */
export const LOGIN_PAGE_SIZE = 20;

/** No control characters (a NUL byte is not text to PostgreSQL). */
export function printable(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 32) return false;
  return true;
}

export const LoginRequest = z.object({
  username: z
    .string({ error: MSG.loginEmptyUsername })
    .trim()
    .min(1, MSG.loginEmptyUsername)
    .max(254)
    .refine(printable, MSG.loginEmptyUsername),
  password: z.string({ error: MSG.loginEmptyPassword }).min(1, MSG.loginEmptyPassword).max(256),
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RefreshRequest = z.object({
  refresh: z.string({ error: 'Please provide a refresh token.' }).min(1, 'Please provide a refresh token.').max(4096),
});

export const CommunityLoginRequest = z.object({
  password: z.string({ error: MSG.emptyCommunityPassword }).min(1, MSG.emptyCommunityPassword).max(256),
});

/** A new staff password (reset, invitation): long enough to resist guessing. */
export const NewPassword = z.string({ error: MSG.loginEmptyPassword }).min(8, AUTH_MSG.passwordTooShort).max(256);

export const PasswordResetRequest = z.object({
  email: z
    .string({ error: /*i18n*/ 'Email is required' })
    .trim()
    .min(1, { error: /*i18n*/ 'Email is required', abort: true })
    .pipe(z.email(/*i18n*/ 'Invalid email address').max(254)),
});

export const PasswordResetConfirm = z.object({
  token: z.string().min(10, AUTH_MSG.resetInvalid).max(200, AUTH_MSG.resetInvalid),
  password: NewPassword,
});

/** A new account's name: the same words on the server and in the invitation's form. */
export const NAME_MSG = {
  firstRequired: /*i18n*/ 'First name is required',
  lastRequired: /*i18n*/ 'Last name is required',
} as const;

const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(100);

/** A new staff account (accepting an invitation to join a school). */
export const NewAccount = z.object({
  first_name: name(NAME_MSG.firstRequired),
  last_name: name(NAME_MSG.lastRequired),
  password: NewPassword,
});

/** Signed in with the invited address, nothing is needed; otherwise the new account. */
export const InvitationAcceptRequest = NewAccount.partial();

/** A person's own language (PATCH /user/profile/): one of the product's, or null for the school's. */
export const ProfileLanguage = z.object({
  language: z.enum(LOCALES, { error: /*i18n*/ 'Choose a language from the list' }).nullable(),
});
