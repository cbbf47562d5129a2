// Toasts: short messages the spec asks for ('Logged in successfully', warnings, errors),
// announced to screen readers through a live region.
import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function toast(kind: ToastKind, text: string, ms = 5000) {
  const id = nextId++;
  toasts = [...toasts, { id, kind, text }];
  emit();
  setTimeout(() => dismiss(id), ms);
}

export function Toaster() {
  const { t } = useLingui();
  // The contract's messages (most toasts) in the page's language.
  const known = useKnown();
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
  );
  return (
    <div className="toasts" role="status" aria-live="polite">
      {list.map((item) => (
        <div key={item.id} className={`toast toast-${item.kind}`}>
          <span>{known(item.text)}</span>
          <button type="button" className="toast-close" onClick={() => dismiss(item.id)} aria-label={t`Dismiss message`}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
