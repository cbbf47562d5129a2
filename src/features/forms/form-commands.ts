// Sending a public form: queued in the device's outbox as a guest change (no account needed, no
// token), so a form filled in offline is kept and sent once the connection returns, exactly once
// (the server stores it by the entry's Idempotency-Key).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FormKind } from '@/contract/forms';
import { i18n } from '@/i18n/i18n';
import { discardEntry, entryState, recordGuestChange } from '@/sync/outbox';

export const FORM_PATHS: Record<FormKind, string> = {
  contact: '/forms/contact/',
  report: '/forms/report/',
  tour: '/forms/tour/',
  bulk_enrolment: '/forms/bulk-enrolment/',
};

// The sync panel's name for the queued form, in the language of the moment it is queued.
const LABELS: Record<FormKind, MessageDescriptor> = {
  contact: msg`Message to the school office`,
  report: msg`Problem report`,
  tour: msg`Tour request`,
  bulk_enrolment: msg`Bulk enrolment`,
};

/** Queues the form; resolves with the outbox entry's id once it is safely on the device. */
export async function sendForm(kind: FormKind, values: object, site: string | null): Promise<string> {
  const entry = await recordGuestChange(
    { kind: `forms.${kind}`, label: i18n._(LABELS[kind]), method: 'POST', path: FORM_PATHS[kind], body: values },
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
