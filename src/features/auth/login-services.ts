// The sign-in machine's real actors and actions: the API (without a bearer token: sign-in calls
// authenticate themselves), the stored session and the device session of the offline sync,
// toasts and navigation. Tests provide fakes instead (tests/unit/login.machine.test.ts).
import { fromPromise } from 'xstate';
import { publicApi } from '@/api/client';
import { session } from '@/api/session';
import { LOGIN_PAGE_SIZE } from '@/contract/auth';
import { AUTH_MSG, MSG } from '@/contract/messages';
import { adoptVisitorChoice } from '@/i18n/sign-in-choice';
import { startDeviceSession } from '@/sync/device-session';
import { toast } from '@/ui/toast';
import { expectData } from './api-errors';
import { LoginError, type RosterPage, type SignedIn } from './login.machine';
import { offlineRoster, offlineSignIn } from './offline-sign-in';

/**
 * A signed-in session: stored for the app, and the device's owner for the offline sync. A
 * language chosen on the sign-in page becomes the person's own first (src/i18n/choice.ts).
 */
export async function storeSignIn(signedIn: SignedIn, subdomain: string | null): Promise<void> {
  const toKeep = adoptVisitorChoice(signedIn.user);
  session.save(signedIn);
  await startDeviceSession({ ownerId: signedIn.user.id, tenant: subdomain, refresh: signedIn.refresh, access: signedIn.access });
  // Queued once the device knows whose changes it sends.
  if (toKeep) await import('@/sync/language').then(({ rememberLanguage }) => rememberLanguage(toKeep));
}

/** A network failure (the page says "offline"), as opposed to the server's answer. */
const unreachable = (err: unknown) => err instanceof LoginError && err.message === AUTH_MSG.offline;

export function loginActors(site: { id?: number | null; subdomain: string | null }) {
  return {
    signIn: fromPromise<SignedIn, { username: string; password: string }>(async ({ input }) => {
      try {
        return await expectData(() => publicApi.POST('/auth/token/', { body: input }), MSG.loginFailed);
      } catch (err) {
        // No network: a class tablet signs its enrolled classes' children in on its own.
        if (!unreachable(err)) throw err;
        const offline = await offlineSignIn(input, site.id ?? null);
        if (!offline) throw err;
        return offline;
      }
    }),

    fetchRoster: fromPromise<RosterPage, { classCode: string; search: string; offset: number }>(async ({ input }) => {
      let answer;
      try {
        answer = await publicApi.GET('/list-student-in-class/{classCode}/', {
          params: {
            path: { classCode: input.classCode },
            query: { limit: LOGIN_PAGE_SIZE, offset: input.offset, ...(input.search.trim() ? { search: input.search.trim() } : {}) },
          },
        });
      } catch {
        const offline = await offlineRoster(input);
        if (offline) return offline;
        throw new LoginError(AUTH_MSG.offline);
      }
      if (answer.response.status === 404) throw new LoginError(MSG.invalidClassCode, 'invalid-class');
      const data = await expectData(async () => answer, MSG.invalidClassCode);
      return {
        count: data.count,
        offset: input.offset,
        students: data.results.students,
        className: data.results.class.name,
        classTheme: data.results.class.class_theme,
      };
    }),

    saveSession: fromPromise<void, SignedIn>(({ input }) => storeSignIn(input, site.subdomain)),

    checkCommunity: fromPromise<boolean, void>(async () => {
      const { data } = await publicApi.GET('/check-generic-access');
      return data?.authenticated ?? false;
    }),

    communitySignIn: fromPromise<void, { password: string }>(async ({ input }) => {
      await expectData(() => publicApi.POST('/generic-password-login', { body: input }), MSG.communityLoginFailed);
    }),
  };
}

export function loginActions(go: () => void) {
  return {
    announce: (_: unknown, params: { message: string }) => toast('success', params.message),
    announceInvalidClass: () => toast('error', MSG.invalidClassCode),
    rememberCommunity: () => session.setCommunityAccess(true),
    redirect: go,
  };
}
