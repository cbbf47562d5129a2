// Starting a signed-in session: the access and refresh tokens and the user, as POST /auth/token/
// answers them. Also used where an account is created and signed in at once (invitations).
import type { UserRow } from '../../db/schema';
import type { Queryable } from '../../db/client';
import type { RouteDeps } from '../../http/env';
import { signAccess } from '../../http/jwt';
import { openSignIn } from './tokens';
import { rememberSession } from '../../http/context';
import { userJson } from './users';

export async function startSession(deps: RouteDeps, db: Queryable, user: UserRow) {
  const now = deps.now();
  const auth = { id: user.id, role: user.role, tenant_id: user.tenant_id };
  // One statement: last_login and the sign-in's first refresh token (tokens.ts).
  const { refresh, sid } = await openSignIn(db, deps.keys.jwt, auth, now);
  // This process knows the sign-in is alive: the device's first requests need not ask again.
  rememberSession(user.id, sid);
  const access = await signAccess(deps.keys.jwt, auth, sid, now, deps.config.accessTokenSeconds);
  return { access, refresh, user: userJson({ ...user, last_login: now }) };
}
