// Boot: branding first (no flash of the wrong colours), then the router, then the tenant's
// fresh data. Offline sync (XState, the replay loop, the device database's checks and upgrades)
// and the service worker start once the page has loaded and the main thread is idle, so they
// never compete with the first paint.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { onSessionExpired } from '@/api/client';
import { MSG } from '@/contract/common-messages';
import { SOURCE_LOCALE } from '@/contract/locales';
import { persistedState } from '@/data/persisted-state';
import { loadTenant } from '@/features/tenant/tenant';
import { activate, activateSource, i18n } from '@/i18n/i18n';
import { nextTask } from '@/data/next-task';
import { syncControl } from '@/sync/status';
import { toast } from '@/ui/toast';
import { whenIdleAfterLoad } from '@/ui/when-idle';
import { initialLocale } from './app/language';
import { createAppRouter } from './app/router';

const router = createAppRouter();
// English at once (nothing to fetch); another language's catalogue is fetched with the route's
// screen, so the first render is already in it (src/app/language.tsx follows changes after).
const locale = initialLocale();
activateSource(locale === SOURCE_LOCALE ? 'set' : 'as drawn');
await nextTask();

onSessionExpired(() => {
  toast('warning', MSG.tokenExpired);
  void router.navigate({ to: '/login/{-$token}', params: {} });
});

void loadTenant();

// A guest's cart and search are saved a moment after each change, and at once when the page is
// left: followed from the start, so a book added just before leaving is never lost.
persistedState.listen(window);

// The page arrives prerendered (build/prerender-plugin.ts); React renders over it once the route's
// screen has loaded, so the first render draws the whole page and nothing in between. It renders
// as a transition, in slices that give the main thread back between them, in a task of its own.
await Promise.all([
  router.load().catch((err: unknown) => console.warn('the first route could not be loaded', err)),
  locale === SOURCE_LOCALE
    ? null
    : activate(locale).catch((err: unknown) => console.warn(`the ${locale} catalogue could not be loaded`, err)),
]);
await nextTask();
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  ),
);

// Sync starts once the page is idle; sooner when a change is made (it needs the session's owner)
// or a screen waits for a change's answer (src/sync/settle.ts).
const syncBoot = () => import('./app/sync-boot');
syncControl.onWake({ adopt: () => syncBoot().then((m) => m.adoptSession()), boot: () => syncBoot().then((m) => m.bootSync()) });
whenIdleAfterLoad(() => void syncBoot().then((m) => m.bootSync()));
