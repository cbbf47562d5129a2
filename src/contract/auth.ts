// Sign-in request schemas, shared by the sign-in form and POST /auth/token/.
import { z } from 'zod';
import { MSG } from './messages';

export const LoginRequest = z.object({
  username: z.string({ error: MSG.loginEmptyUsername }).trim().min(1, MSG.loginEmptyUsername).max(254),
  password: z.string({ error: MSG.loginEmptyPassword }).min(1, MSG.loginEmptyPassword).max(256),
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RefreshRequest = z.object({
  refresh: z.string({ error: 'Please provide a refresh token.' }).min(1, 'Please provide a refresh token.').max(4096),
});
