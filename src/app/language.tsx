// The page's language follows who is here (src/i18n/choice.ts): the signed-in user and their
// choice on this device, the school's default (the tenant), the browser's languages. Chosen
// once before the first render (main.tsx), then again whenever one of them changes: a child
// signs in or out on a shared tablet, the tenant arrives fresh, someone picks a language.
import { useEffect, useSyncExternalStore } from 'react';
import { session } from '@/api/session';
import { useSessionUser } from '@/api/use-session';
import { isLocale, type Locale } from '@/contract/locales';
import { currentTenant, PLATFORM_TENANT, useTenant } from '@/features/tenant/tenant';
import { chooseLocale, deviceChoice, tellServer, whoFor } from '@/i18n/choice';
import { activate } from '@/i18n/i18n';

const browser = () => (typeof navigator === 'undefined' ? [] : navigator.languages);

/**
 * The language for the first render, from what the device knows before any request. On a first
 * visit the site's tenant has not arrived yet: the language the server drew the page in (its
 * `<html lang>`, chosen by the same rules: server/http/language.ts) stands for the school's, so
 * the first render keeps the page's words and direction.
 */
export function initialLocale(): Locale {
  const user = session.user();
  const tenant = currentTenant();
  const drawn = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  const school = tenant === PLATFORM_TENANT && isLocale(drawn) ? { default_language: drawn } : tenant;
  return chooseLocale({ user, school, chosen: deviceChoice.get(whoFor(user)), browser: browser() });
}

export function FollowLanguage() {
  const user = useSessionUser();
  const tenant = useTenant();
  const who = whoFor(user);
  const chosen = useSyncExternalStore(deviceChoice.subscribe, () => deviceChoice.get(who));
  const locale = chooseLocale({ user, school: tenant, chosen, browser: browser() });
  useEffect(() => void tellServer(chosen), [chosen]);
  useEffect(() => {
    // Offline before this language's catalogue was ever fetched: the page stays as it is.
    activate(locale).catch((err: unknown) => console.warn(`the ${locale} catalogue could not be loaded`, err));
  }, [locale]);
  return null;
}
