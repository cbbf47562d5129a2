// Route guards: signed-out users go to /login and come back afterwards;
// users without an allowed role go to /. The server checks the same roles on every call.
// An already signed-in user opening the sign-in page goes to / (or to the invitation they
// were sent, which is what signing in would have done).
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { session } from '@/api/session';
import type { Role } from '@/contract/domain';

export function requireRoles(roles?: readonly Role[]) {
  return ({ location }: { location: ParsedLocation }) => {
    const user = session.user();
    if (!user) throw redirect({ to: '/login/{-$token}', search: { redirect: location.href } });
    if (roles && !roles.includes(user.role)) throw redirect({ to: '/' });
  };
}

export function redirectSignedIn({ search }: { search: { invitation?: string } }) {
  if (!session.user()) return;
  if (search.invitation) throw redirect({ href: `/accept-invitation/${encodeURIComponent(search.invitation)}/` });
  throw redirect({ to: '/' });
}
