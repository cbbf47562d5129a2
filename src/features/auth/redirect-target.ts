// Where the sign-in page goes afterwards: the invitation when one was given, else the page the
// user came from, else / (a child: their own writing, /dashboard, rather than the shop; a parent:
// the school's stories, /community). Only
// paths of this site: never another origin.

export function safeReturnPath(path: string | undefined): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  if (/^\/(login|logout)(\/|\?|$)/.test(path)) return undefined;
  return path;
}

export function afterSignIn(search: { redirect?: string; invitation?: string }, role?: string): string {
  if (search.invitation) return `/accept-invitation/${encodeURIComponent(search.invitation)}/`;
  // A parent (a community session: no role of their own) lands on their class's and school's stories.
  return safeReturnPath(search.redirect) ?? (role === 'student' ? '/dashboard' : role ? '/' : '/community');
}

const KIOSK_KEY = 'kiosk_class';

/**
 * A classroom kiosk (/login/{class code}) is remembered for this browser tab, so signing out
 * brings the next child straight back to the class's names. sessionStorage: it survives the
 * sign-out's clearing of localStorage, and it is not personal.
 */
export const kiosk = {
  remember(code: string) {
    try {
      sessionStorage.setItem(KIOSK_KEY, code);
    } catch {
      /* storage blocked: the kiosk just opens at the role step after sign-out */
    }
  },
  /** Whether this tab is a classroom kiosk (a class tablet's, or /login/{class code}). */
  active(): boolean {
    try {
      return Boolean(sessionStorage.getItem(KIOSK_KEY));
    } catch {
      return false;
    }
  },
  loginPath(): string {
    try {
      const code = sessionStorage.getItem(KIOSK_KEY);
      return code ? `/login/${encodeURIComponent(code)}` : '/login';
    } catch {
      return '/login';
    }
  },
};
