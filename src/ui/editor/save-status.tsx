// "Saved on this tablet", and once the server has every change, that it was sent too: the save
// state of a document being written (stories, books), read out to screen readers as it changes.
// The words come from `saveStatusText` (./document-saver.ts), which never says more than is true.

export function SaveStatus({ text, failed }: { text: string; failed: boolean }) {
  return (
    <p className={`writer-saved${failed ? ' notice notice-error' : ''}`} role="status" data-testid="save-status">
      {text}
    </p>
  );
}
