// Starting a signed-in session: the access and refresh tokens and the user, as POST /auth/token/
// answers them. Also used where an account is created and signed in at once (invitations).
import { eq } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema';
import type { Queryable } from '../../db/client';
import type { RouteDeps } from '../../http/env';
import { signAccess } from '../../http/jwt';
import { issueRefresh } from './tokens';
import { userJson } from './users';

export async function startSession(deps: RouteDeps, db: Queryable, user: UserRow) {
  const now = deps.now();
  const auth = { id: user.id, role: user.role, tenant_id: user.tenant_id };
  const tokens = await db.transaction(async (tx) => {
    await tx.update(users).set({ last_login: now }).where(eq(users.id, user.id));
    const { refresh, sid } = await issueRefresh(tx, deps.keys.jwt, auth, now);
    return { access: await signAccess(deps.keys.jwt, auth, sid, now, deps.config.accessTokenSeconds), refresh };
  });
  return { ...tokens, user: userJson({ ...user, last_login: now }) };
}
