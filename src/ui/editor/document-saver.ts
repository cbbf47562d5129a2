// Keeps a document's changes on the device as they are made (stories, books). Every Yjs update
// made here is written to the device's database at once (in the next task, so a keystroke paints
// first), one write at a time and in order: updates made while a write is under way go together
// in the next one. Nothing waits on a timer, so a reload, a closed tab or a switched-off tablet a
// keystroke later loses nothing; the page being hidden, closed or frozen asks for a write too.
// `flush()` resolves once every change made so far is on the device (and queued for the server),
// so an action that depends on the words (send, publish, print) is queued after them, never
// ahead. `exclusive(task)` runs a task between writes (keeping the server's copy). No React here.
import { t } from '@lingui/core/macro';
import * as Y from 'yjs';

/** The origin of updates that came from the device's copy or the server: never saved again. */
export const REMOTE = 'server';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export interface SaveReport {
  state: SaveState;
  error: string | null;
  /** performance.now() when the last write was committed (0: none yet). */
  savedAt: number;
}

export interface DocumentSaver {
  /** Resolves once every change made so far is on the device; rejects if it could not be written. */
  flush(): Promise<void>;
  /** Runs `task` after every change made so far is written, before any later one is. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  stop(): void;
}

type Write = (update: Uint8Array, state: Uint8Array) => Promise<unknown>;

interface Lifecycle {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export function createDocumentSaver(
  ydoc: Y.Doc,
  write: Write,
  report: (r: SaveReport) => void,
  /** Keeps what is not written yet when the page goes away, synchronously (src/data/documents.ts). */
  journal: (update: Uint8Array) => void,
  page: { window: Lifecycle; document: Lifecycle & { visibilityState: string } } = { window, document },
): DocumentSaver {
  let pending: Uint8Array[] = [];
  /** The update being written now (not on the device until its transaction commits). */
  let writing: Uint8Array | null = null;
  let chain: Promise<void> = Promise.resolve();
  let queued = false;
  let lastError: Error | null = null;
  let savedAt = 0;

  const writePending = async () => {
    queued = false;
    if (!pending.length) return;
    const updates = pending;
    pending = [];
    const update = updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates);
    writing = update;
    try {
      await write(update, Y.encodeStateAsUpdate(ydoc));
      writing = null;
      lastError = null;
      savedAt = performance.now();
      if (!pending.length) report({ state: 'saved', error: null, savedAt });
    } catch (err) {
      writing = null;
      // Kept for the next write: nothing typed is dropped because one write failed.
      pending = [update, ...pending];
      lastError = err instanceof Error ? err : new Error(String(err));
      report({ state: 'failed', error: lastError.message, savedAt });
    }
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Appends one write of whatever is pending then to the chain. */
  const append = () => {
    clearTimeout(timer);
    timer = undefined;
    queued = true;
    chain = chain.then(writePending);
  };
  /** A write soon: in the next task, so the keystroke paints first. */
  const soon = () => {
    if (queued || timer !== undefined || !pending.length) return;
    timer = setTimeout(append, 0);
  };
  /** A write now (leaving the page, or someone waits for it): it starts in this task. */
  const now = () => {
    if (!queued && (pending.length || timer !== undefined)) append();
  };

  const onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === REMOTE) return;
    pending.push(update);
    report({ state: 'saving', error: null, savedAt });
    soon();
  };
  /**
   * The page is going away (or may be, unseen): a transaction still under way may never finish,
   * so what is not committed yet is also journaled now, in this task; then written as usual.
   */
  const leaving = () => {
    const unsaved = writing ? [writing, ...pending] : pending;
    if (unsaved.length) journal(unsaved.length === 1 ? unsaved[0]! : Y.mergeUpdates(unsaved));
    now();
  };
  const onHidden = () => page.document.visibilityState === 'hidden' && leaving();

  ydoc.on('update', onUpdate);
  page.document.addEventListener('visibilitychange', onHidden);
  page.document.addEventListener('freeze', leaving);
  page.window.addEventListener('pagehide', leaving);

  return {
    async flush() {
      now();
      await chain;
      if (pending.length) throw lastError ?? new Error('Not saved on this tablet.');
    },
    exclusive<T>(task: () => Promise<T>) {
      clearTimeout(timer);
      timer = undefined;
      const run = chain.then(writePending).then(task);
      chain = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    stop() {
      ydoc.off('update', onUpdate);
      page.document.removeEventListener('visibilitychange', onHidden);
      page.document.removeEventListener('freeze', leaving);
      page.window.removeEventListener('pagehide', leaving);
      // What is still pending is written (the screen closed, the page may stay).
      now();
    },
  };
}

/** The words of a save state: "Saved … and sent" only when a count taken after the last write says nothing is unsent. */
export function saveStatusText(report: SaveReport, unsent: { count: number; at: number } | undefined): string {
  const error = report.error;
  if (report.state === 'failed') return error ? t`Not saved: ${error}` : t`Not saved: try again`;
  if (report.state === 'saving') return t`Saving…`;
  const sent = !!unsent && unsent.count === 0 && unsent.at >= report.savedAt;
  return sent ? t`Saved on this tablet and sent` : t`Saved on this tablet`;
}
