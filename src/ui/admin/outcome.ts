// Saying what a save came to, in the declaration's words: its success message once the server
// accepted it, the same with "saved on this device" when it is queued offline, or its failure
// message (with the server's reason, when there is one).
import { ADMIN_MSG } from '@/contract/messages';
import { toast } from '@/ui/toast';
import type { SaveOutcome } from './resource';

/** True when the change stands (sent or queued). */
export function sayOutcome(outcome: SaveOutcome, success: string, failure: string): boolean {
  if (outcome.status === 'sent') toast('success', success);
  else if (outcome.status === 'queued') toast('info', `${success} ${ADMIN_MSG.queued}`);
  else toast('error', outcome.message && outcome.message !== failure ? `${failure} ${outcome.message}` : failure, 8000);
  return outcome.status !== 'failed';
}
