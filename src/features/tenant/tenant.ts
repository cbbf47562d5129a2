// The current site's tenant: cached for the browser session (sessionStorage, refetched when the
// school name is missing, as the spec says), kept on the device for offline starts, and
// applied as branding. Screens read it with useTenant().
import { useSyncExternalStore } from 'react';
import { api } from '@/api/client';
import { hasShape } from '@/contract/shape';
import { DEFAULT_TENANT_COLORS, PLATFORM_NAME } from '@/contract/tenant-colors';
import type { TenantRecord } from '@/data/db';
import { deviceDb } from '@/data/on-demand';
import { applyTenantColors } from '@/ui/tenant-colors';
import { whenIdleAfterLoad } from '@/ui/when-idle';

const SESSION_KEY = 'tenant';

const CACHED_TENANT = { school_name: 'string', switchboard: 'boolean', logo: 'string?' } as const;

export const PLATFORM_TENANT: TenantRecord = {
  key: 'current',
  id: null,
  school_name: PLATFORM_NAME,
  school_email: null,
  domain_url: null,
  subdomain: null,
  switchboard: true,
  logo: null,
  is_organization: false,
  community_access: false,
  organizations: [],
  ...DEFAULT_TENANT_COLORS,
};

let current: TenantRecord = readSessionCache() ?? PLATFORM_TENANT;
const listeners = new Set<() => void>();

function readSessionCache(): TenantRecord | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    // The spec refetches when the school name is missing: an empty one counts as missing.
    if (!hasShape(parsed, CACHED_TENANT) || !parsed.school_name) return null;
    return { ...PLATFORM_TENANT, ...parsed, key: 'current' } as TenantRecord;
  } catch {
    return null;
  }
}

function publish(tenant: TenantRecord) {
  current = tenant;
  applyTenantColors(tenant);
  // A page's own name stays before the site's ("About us · Greenfield Primary"); the site's follows.
  const own = document.title.lastIndexOf(' · ');
  document.title = own >= 0 ? `${document.title.slice(0, own)} · ${tenant.school_name}` : tenant.school_name;
  listeners.forEach((l) => l());
}

async function fetchTenant(): Promise<TenantRecord | null> {
  try {
    const { data } = await api.GET('/current-tenant');
    return data ? { ...data, key: 'current' } : null;
  } catch {
    return null; // offline: fall back to the device's copy
  }
}

let loading: Promise<TenantRecord> | null = null;

/**
 * Applies the cached branding at once, then makes sure it is fresh. Callers at the same time
 * (boot, and a route that needs to know its site) share one request.
 */
export function loadTenant(): Promise<TenantRecord> {
  loading ??= refreshTenant().finally(() => {
    loading = null;
  });
  return loading;
}

async function refreshTenant(): Promise<TenantRecord> {
  publish(current);
  if (readSessionCache()) return current;
  const fresh = await fetchTenant();
  if (fresh) {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(fresh));
    // Kept for offline starts once the page is idle: the device database is not on the first load.
    whenIdleAfterLoad(
      () =>
        void deviceDb()
          .then((db) => db.tenant.put(fresh))
          .catch(() => undefined),
    );
    publish(fresh);
    return fresh;
  }
  const stored = await deviceDb()
    .then((db) => db.tenant.get('current'))
    .catch(() => undefined);
  if (stored) publish(stored);
  return current;
}

/** The site's tenant as known now (the session's copy, or the platform's until it arrives). */
export const currentTenant = (): TenantRecord => current;

export function useTenant(): TenantRecord {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
