// A staff member's language, kept on the server (PATCH /user/profile/) so that it follows them to
// every device they sign in on. Queued in the outbox like any change: chosen offline, it travels
// when the device is back online. Children's choices never come here: they stay on the device.
import { t } from '@lingui/core/macro';
import type { Locale } from '@/contract/locales';
import { recordChange } from './outbox';

/** Queues the change; its label (the sync panel's) in the language of the moment. */
export async function rememberLanguage(locale: Locale): Promise<void> {
  await recordChange([], async () => undefined, {
    kind: 'own-language',
    label: t`Keep my language`,
    method: 'PATCH',
    path: '/user/profile/',
    body: { language: locale },
    // Sent in the order chosen: the last choice is the one the server keeps.
  });
}
