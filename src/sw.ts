// The service worker: precaches the app shell so the PWA opens with no network, answers
// navigations with the shell (the public pages the server draws with their content from the
// network first, the shell when it is away or slow), and keeps book covers and the PDF maker's
// shaper and fonts once seen. API answers are never cached
// here (they carry personal data and tokens); the device database holds what works offline.
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { syncEngineDb } from '@/data/db';
import { BACKGROUND_SYNC_TAG, drain } from '@/sync/engine';
import type { LockManagerLike } from '@/sync/leader';
import { PAGE_SLUGS } from '@/contract/public-pages';
import { PDF_TOOLS_CACHE, isPdfTool } from '@/contract/pdf-tools-cache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };
/** Background Sync (Chromium): not yet in TypeScript's worker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const shell = createHandlerBoundToURL('/index.html');

/** The public pages the server draws with their first screen's content (server/http/page-data.ts). */
const DRAWN_PAGES = new RegExp(`^/(?:library(?:/\\d+)?|stories/[a-z0-9-]+|charities|login|${PAGE_SLUGS.join('|')})?/?(?:\\?.*)?$`);
/** How long a drawn page may take before the shell (and the device's copy) stands in. */
const NETWORK_WAIT_MS = 2500;

async function fromNetwork(request: Request): Promise<Response | undefined> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), NETWORK_WAIT_MS);
  try {
    const response = await fetch(request, { signal: timeout.signal });
    return response.ok ? response : undefined;
  } catch {
    return undefined; // offline, or too slow
  } finally {
    clearTimeout(timer);
  }
}

registerRoute(new NavigationRoute(async (options) => (await fromNetwork(options.request)) ?? shell(options), { allowlist: [DRAWN_PAGES] }));
registerRoute(new NavigationRoute(shell, { denylist: [/^\/api\//] }));

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/covers/'),
  new CacheFirst({
    cacheName: 'covers',
    plugins: [new ExpirationPlugin({ maxEntries: 3000, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

// Pictures of stories and made books never change under their id: kept once seen, so a book
// opened in the reader shows its pictures offline too.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/pictures/'),
  new CacheFirst({
    cacheName: 'pictures',
    plugins: [new ExpirationPlugin({ maxEntries: 2000, maxAgeSeconds: 60 * 24 * 60 * 60 })],
  }),
);

// The PDF maker's shaper and fonts: kept once fetched (their names change with their content), so
// a device that has made a PDF, or a teacher's that fetched them ahead, makes the next offline.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isPdfTool(url.pathname),
  new CacheFirst({ cacheName: PDF_TOOLS_CACHE }),
);

// A new version waits until the user agrees (the page sends SKIP_WAITING from its prompt).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync: the browser wakes us when it is online again, even with the app closed.
// A drain that must wait (offline, server busy) fails the event so the browser retries later.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== BACKGROUND_SYNC_TAG) return;
  sync.waitUntil(
    drain({
      db: syncEngineDb(),
      fetch: (request) => fetch(request),
      baseUrl: '/api',
      locks: self.navigator.locks as unknown as LockManagerLike,
      now: () => Date.now(),
      random: Math.random,
      isOnline: () => self.navigator.onLine,
    }).then((report) => {
      if (report.outcome.kind === 'backoff' || report.outcome.kind === 'offline') throw new Error('Changes are still waiting to be sent.');
    }),
  );
});

// The first install takes control at once, so the very first visit already works offline.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
