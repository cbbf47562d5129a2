// Sending a public form: queued in the device's outbox as a guest change (no account needed, no
// token), so a form filled in offline is kept and sent once the connection returns, exactly once
// (the server stores it by the entry's Idempotency-Key).
import type { FormKind } from '@/contract/forms';
import { discardEntry, entryState, recordGuestChange } from '@/sync/outbox';

export const FORM_PATHS: Record<FormKind, string> = {
  contact: '/forms/contact/',
  report: '/forms/report/',
  tour: '/forms/tour/',
  bulk_enrolment: '/forms/bulk-enrolment/',
};

const LABELS: Record<FormKind, string> = {
  contact: 'Message to the school office',
  report: 'Problem report',
  tour: 'Tour request',
  bulk_enrolment: 'Bulk enrolment',
};

/** Queues the form; resolves with the outbox entry's id once it is safely on the device. */
export async function sendForm(kind: FormKind, values: object, site: string | null): Promise<string> {
  const entry = await recordGuestChange(
    { kind: `forms.${kind}`, label: LABELS[kind], method: 'POST', path: FORM_PATHS[kind], body: values },
    site,
  );
  return entry.id;
}

/** Where a queued form is: waiting or being sent, refused (with the server's words), or sent. */
export async function formStatus(id: string): Promise<{ state: 'queued' | 'failed' | 'sent'; error?: string }> {
  const now = await entryState(id);
  return now.state === 'failed' ? { state: 'failed', error: now.error ?? undefined } : now;
}

/** Gives up a refused form so it can be corrected and sent again (a guest change has nothing to undo). */
export const forgetForm = (id: string) => discardEntry(id);
