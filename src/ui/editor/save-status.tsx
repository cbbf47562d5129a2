// "Saved on this tablet", and once the server has every change, that it was sent too: the save
// state of a document being written (stories, books), read out to screen readers as it changes.
import type { SaveState } from './use-document-draft';

export function SaveStatus({ save, unsent, error }: { save: SaveState; unsent: number; error: string | null }) {
  const text =
    save === 'failed'
      ? `Not saved: ${error ?? 'try again'}`
      : save === 'saving'
        ? 'Saving…'
        : unsent > 0
          ? 'Saved on this tablet'
          : 'Saved on this tablet and sent';
  return (
    <p className={`writer-saved${save === 'failed' ? ' notice notice-error' : ''}`} role="status" data-testid="save-status">
      {text}
    </p>
  );
}
