// Boot: branding first (no flash of the wrong colours), then the router, then the tenant's
// fresh data. Offline sync (XState, the replay loop, the device database's checks and upgrades)
// and the service worker start once the page has loaded and the main thread is idle, so they
// never compete with the first paint.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { onSessionExpired } from '@/api/client';
import { MSG } from '@/contract/messages';
import { loadTenant } from '@/features/tenant/tenant';
import { toast } from '@/ui/toast';
import { whenIdleAfterLoad } from '@/ui/when-idle';
import { createAppRouter } from './app/router';
import './styles.css';

const router = createAppRouter();

onSessionExpired(() => {
  toast('warning', MSG.tokenExpired);
  void router.navigate({ to: '/login/{-$token}', params: {} });
});

void loadTenant();

// The page arrives prerendered (build/prerender-plugin.ts); React renders over it once the route's
// screen has loaded, so the first render draws the whole page and nothing in between.
await router.load().catch((err: unknown) => console.warn('the first route could not be loaded', err));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

whenIdleAfterLoad(() => void import('./app/sync-boot').then(({ bootSync }) => bootSync()));
