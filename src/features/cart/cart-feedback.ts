// What the user is told after a cart change: saved here (and sent when online), or why not.
import { MSG } from '@/contract/messages';
import { StorageFullError } from '@/sync/storage-full';
import { toast } from '@/ui/toast';

export async function withFeedback(action: () => Promise<'saved' | 'unchanged'>, done: string) {
  try {
    if ((await action()) === 'saved') toast('success', navigator.onLine ? done : `${done} ${MSG.savedOnDevice}`);
  } catch (err) {
    toast('error', err instanceof StorageFullError ? err.message : 'That change could not be saved. Please try again.');
  }
}
