// What the user is told after a cart change: saved here (and sent when online), or why not.
import type { MessageDescriptor } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { MSG } from '@/contract/common-messages';
import { i18n } from '@/i18n/i18n';
import { translateKnown } from '@/i18n/known';
import { StorageFullError } from '@/sync/storage-full';
import { toast } from '@/ui/toast';

export async function withFeedback(action: () => Promise<'saved' | 'unchanged'>, done: MessageDescriptor) {
  try {
    if ((await action()) === 'saved')
      toast('success', navigator.onLine ? i18n._(done) : `${i18n._(done)} ${translateKnown(MSG.savedOnDevice)}`);
  } catch (err) {
    toast('error', err instanceof StorageFullError ? err.message : t`That change could not be saved. Please try again.`);
  }
}
