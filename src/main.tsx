// Boot: branding first (no flash of the wrong colours), then the router, then the tenant's
// fresh data. Offline sync (XState, the replay loop, the device database's checks and upgrades)
// and the service worker start once the page has loaded and the main thread is idle, so they
// never compete with the first paint.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { onSessionExpired } from '@/api/client';
import { MSG } from '@/contract/messages';
import { loadTenant } from '@/features/tenant/tenant';
import { nextTask } from '@/data/next-task';
import { syncControl } from '@/sync/status';
import { toast } from '@/ui/toast';
import { whenIdleAfterLoad } from '@/ui/when-idle';
import { createAppRouter } from './app/router';

const router = createAppRouter();
await nextTask();

onSessionExpired(() => {
  toast('warning', MSG.tokenExpired);
  void router.navigate({ to: '/login/{-$token}', params: {} });
});

void loadTenant();

// The page arrives prerendered (build/prerender-plugin.ts); React renders over it once the route's
// screen has loaded, so the first render draws the whole page and nothing in between. It renders
// as a transition, in slices that give the main thread back between them, in a task of its own.
await router.load().catch((err: unknown) => console.warn('the first route could not be loaded', err));
await nextTask();
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);

// Sync starts once the page is idle; sooner when a change is made (it needs the session's owner)
// or a screen waits for a change's answer (src/sync/settle.ts).
const syncBoot = () => import('./app/sync-boot');
syncControl.onWake({ adopt: () => syncBoot().then((m) => m.adoptSession()), boot: () => syncBoot().then((m) => m.bootSync()) });
whenIdleAfterLoad(() => void syncBoot().then((m) => m.bootSync()));
