// Staff keep their language on the server, so it follows them to every device: a choice made in
// the areas' menu (the language picker, which only remembers it on this device) is queued as a
// change of their profile. Watched here rather than passed to the picker, which the public pages'
// first load carries too.
import { useEffect } from 'react';
import type { StoredUser } from '@/api/session';
import { deviceChoice, whoFor } from '@/i18n/choice';
import { keptOnServer } from '@/i18n/sign-in-choice';

export function useKeptLanguage(user: StoredUser | null) {
  useEffect(() => {
    if (!keptOnServer(user)) return;
    const who = whoFor(user);
    let kept = deviceChoice.get(who);
    return deviceChoice.subscribe(() => {
      const chosen = deviceChoice.get(who);
      if (!chosen || chosen === kept) return;
      kept = chosen;
      void import('@/sync/language').then((m) => m.rememberLanguage(chosen));
    });
  }, [user]);
}
