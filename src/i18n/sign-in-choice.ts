// At sign-in: what happens to the language choices (src/i18n/choice.ts) when someone signs in.
// Apart from choice.ts so that it loads with the sign-in, not with every page's first load.
import { isLocale, type Locale } from '@/contract/locales';
import { deviceChoice, whoFor } from './choice';

/**
 * Whether this person's choice is kept on the server: staff's, so it follows them to every
 * device. Children's stay on the device: a classroom tablet is shared, and a child's account has
 * no settings page to carry it.
 */
export const keptOnServer = (user: { role: string } | null | undefined): boolean => Boolean(user && user.role !== 'student');

/**
 * At sign-in: the language the server keeps for this person becomes this device's choice for
 * them (chosen on another device since); else a language chosen on the way in (on the sign-in
 * page, as a visitor) goes with them, as theirs when they had none, and the sign-in page goes back
 * to the school's for the next child. Answers a choice the server should now keep (staff only).
 */
export function adoptVisitorChoice(user: { id: number; role: string; language?: unknown }): Locale | undefined {
  if (keptOnServer(user) && isLocale(user.language)) deviceChoice.set(whoFor(user), user.language);
  const chosen = deviceChoice.get('visitor');
  if (!chosen) return undefined;
  deviceChoice.set('visitor', undefined);
  if (deviceChoice.get(whoFor(user)) || isLocale(user.language)) return undefined;
  deviceChoice.set(whoFor(user), chosen);
  return keptOnServer(user) ? chosen : undefined;
}
