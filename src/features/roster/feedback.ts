// Saying how a roster change went: saved (and, offline, that it is queued) or why it was not.
import { MSG } from '@/contract/messages';
import { toast } from '@/ui/toast';

export async function withFeedback(run: () => Promise<unknown>, success: string, failure: string): Promise<boolean> {
  try {
    await run();
    toast('success', navigator.onLine ? success : `${success} ${MSG.savedOnDevice}`);
    return true;
  } catch (err) {
    console.warn(failure, err);
    toast('error', err instanceof Error && err.message ? err.message : failure);
    return false;
  }
}
