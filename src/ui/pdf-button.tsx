// "Download PDF" for a document made in the browser: the PDF code is loaded only on the press.
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

export function PdfButton({ make }: { make: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  const press = async () => {
    setBusy(true);
    try {
      await make();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button" disabled={busy} onClick={() => void press()}>
      {busy ? t`Preparing the PDF…` : t`Download PDF`}
    </button>
  );
}
