// Boot: branding first (no flash of the wrong colours), then the router, then the tenant's
// fresh data. The service worker registers from the UpdatePrompt once the app is up.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { onSessionExpired } from '@/api/client';
import { MSG } from '@/contract/messages';
import { loadTenant } from '@/features/tenant/tenant';
import { toast } from '@/ui/toast';
import { createAppRouter } from './app/router';
import './styles.css';

const router = createAppRouter();

onSessionExpired(() => {
  toast('warning', MSG.tokenExpired);
  void router.navigate({ to: '/login/{-$token}', params: {} });
});

void loadTenant();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// Offline sync starts once the first screen is up, outside the first load's budget.
void import('./app/sync-boot').then(({ bootSync }) => bootSync());
