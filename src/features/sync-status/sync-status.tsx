// The header's sync control: online or offline, how many changes are not yet sent, progress
// while sending, and a panel with the changes the server refused (Retry / Discard), changes
// waiting for more than a day, and what the browser said about keeping our storage.
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { db, type OutboxRecord } from '@/data/db';
import { useLive } from '@/data/live';
import { currentOwner } from '@/sync/device-session';
import { discardEntry, outboxCounts, ownerEntries, ownerProblems, retryEntry } from '@/sync/outbox';
import { syncControl, syncStatus, type SyncStatus as SyncStatusValue } from '@/sync/status';
import { useOnline } from '@/ui/use-online';
import { OfflineIcon } from '@/ui/icons';
import { OfflineBadge } from './offline-badge';
import './sync-status.css';
import { formatTime } from '@/ui/format';

const DAY_MS = 24 * 3600_000;

interface Notices {
  persistenceRefused: boolean;
  wipedAt: number | null;
}

function useSyncStatus() {
  return useSyncExternalStore(syncStatus.subscribe, syncStatus.get);
}

/** Counts for the header: read from indexes, so thousands of queued changes cost nothing. */
function useMyCounts() {
  return useLive(async () => {
    const owner = await currentOwner();
    if (!owner) return null;
    const counts = await outboxCounts(owner.owner_id);
    const oldest = counts.unsent
      ? await ownerEntries(owner.owner_id)
          .filter((e) => e.status === 'pending' || e.status === 'in_flight')
          .first()
      : undefined;
    return { ...counts, stale: oldest !== undefined && Date.now() - oldest.created_at > DAY_MS };
  });
}

const LISTED = 50;

/** The panel's lists, read only while it is open. */
function useMyEntries() {
  return useLive(async () => {
    const owner = await currentOwner();
    if (!owner) return { unsent: [], problems: [] };
    const [problems, unsent] = await Promise.all([
      ownerProblems(owner.owner_id),
      ownerEntries(owner.owner_id)
        .filter((e) => e.status === 'pending' || e.status === 'in_flight')
        .limit(LISTED)
        .toArray(),
    ]);
    return { unsent, problems };
  });
}

function useNotices(): Notices {
  return (
    useLive(async () => {
      const [persist, wiped] = await Promise.all([db.meta.get('storage-persistence'), db.meta.get('device-wiped')]);
      return {
        persistenceRefused: (persist?.value as { granted?: boolean } | undefined)?.granted === false,
        wipedAt: (wiped?.value as { at?: number } | undefined)?.at ?? null,
      };
    }) ?? { persistenceRefused: false, wipedAt: null }
  );
}

// Drawn by components that follow the language (useLingui), so the global t says it in the reader's words.
function summary(online: boolean, unsent: number, problems: number, sending: boolean, waitingForSignIn: boolean) {
  if (!online) return unsent ? t`Offline · ${plural(unsent, { other: '# unsent' })}` : t`Offline`;
  if (problems) return t`${plural(problems, { other: '# not sent' })}`;
  if (sending && unsent) return t`${plural(unsent, { other: 'Sending #…' })}`;
  if (waitingForSignIn && unsent) return t`${plural(unsent, { other: '# waiting for sign-in' })}`;
  if (unsent) return t`${plural(unsent, { other: '# unsent' })}`;
  return t`All saved`;
}

function panelSummary(online: boolean, unsent: number, problems: number): string {
  if (problems)
    return t`${plural(problems, {
      one: '# change could not be saved. Retry, or discard to undo it on this device.',
      other: '# changes could not be saved. Retry, or discard to undo them on this device.',
    })}`;
  if (!online) return t`You are offline. Changes are saved on this device and sent when the connection returns.`;
  if (unsent) return t`${plural(unsent, { one: '# change not yet sent.', other: '# changes not yet sent.' })}`;
  return t`Every change is saved on the server.`;
}

function EntryRow({ entry }: { entry: OutboxRecord }) {
  const old = Date.now() - entry.created_at > DAY_MS;
  const { t } = useLingui();
  const known = useKnown();
  const error = known(entry.last_error ?? '');
  return (
    <li className={`sync-entry sync-entry-${entry.status}`}>
      <p className="sync-entry-label">{entry.label}</p>
      {entry.status === 'failed' || entry.status === 'conflict' ? (
        <>
          <p className="sync-entry-error">{entry.status === 'conflict' ? t`Conflict: ${error}` : t`Not saved: ${error}`}</p>
          <div className="sync-entry-actions">
            <button
              type="button"
              className="button button-small"
              onClick={() => void retryEntry(entry.id).then(() => syncControl.send({ type: 'RETRY_NOW' }))}
            >
              {t`Retry`}
            </button>
            <button type="button" className="button button-small button-secondary" onClick={() => void discardEntry(entry.id)}>
              {t`Discard`}
            </button>
          </div>
        </>
      ) : (
        <p className="sync-entry-meta">
          {old ? <strong className="sync-old">{t`Waiting for more than a day.`} </strong> : null}
          {entry.last_error ? t`Last try: ${error}` : t`Waiting to be sent.`}
        </p>
      )}
    </li>
  );
}

function SyncPanel({
  id,
  online,
  status,
  notices,
  unsent,
}: {
  id: string;
  online: boolean;
  status: SyncStatusValue;
  notices: Notices;
  unsent: number;
}) {
  const entries = useMyEntries();
  const problems = entries?.problems ?? [];
  const { t } = useLingui();
  const retryAt = status.state === 'backingOff' && status.retryAt ? formatTime(status.retryAt) : null;
  const more = unsent - LISTED;
  return (
    <div id={id} className="sync-panel" role="region" aria-label={t`Sync details`}>
      <p className="sync-panel-state">{panelSummary(online, unsent, problems.length)}</p>
      {retryAt ? <p>{t`The server asked us to wait; trying again at ${retryAt}.`}</p> : null}
      {status.state === 'pausedAuth' ? <p>{t`Sign in again to send your changes.`}</p> : null}
      {status.state === 'blockedStorage' ? (
        <p className="sync-warning">{t`This device is out of storage space. Free some space, then choose Send now.`}</p>
      ) : null}
      {notices.wipedAt ? (
        <p className="sync-warning">
          {t`The browser cleared this app's saved data on this device. Anything not yet sent before that could not be kept.`}{' '}
          <button type="button" className="link-button" onClick={() => void db.meta.delete('device-wiped')}>
            {t`Dismiss`}
          </button>
        </p>
      ) : null}
      {notices.persistenceRefused ? (
        <p className="sync-note">{t`This browser may clear saved work when space runs low. Sending changes soon keeps them safe.`}</p>
      ) : null}
      {problems.length ? (
        <>
          <h2 className="sync-panel-heading">{t`Not sent`}</h2>
          <ul className="sync-list">
            {problems.map((e) => (
              <EntryRow key={e.id} entry={e} />
            ))}
          </ul>
        </>
      ) : null}
      {unsent ? (
        <>
          <h2 className="sync-panel-heading">{t`Waiting to be sent`}</h2>
          <ul className="sync-list">
            {entries?.unsent.map((e) => (
              <EntryRow key={e.id} entry={e} />
            ))}
          </ul>
          {more > 0 ? <p className="sync-note">{t`${plural(more, { other: 'and # more.' })}`}</p> : null}
          <button type="button" className="button button-small" disabled={!online} onClick={() => syncControl.send({ type: 'RETRY_NOW' })}>
            {t`Send now`}
          </button>
        </>
      ) : null}
    </div>
  );
}

export function SyncStatus() {
  const online = useOnline();
  const status = useSyncStatus();
  const counts = useMyCounts();
  const notices = useNotices();
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    addEventListener('keydown', close);
    return () => removeEventListener('keydown', close);
  }, [open]);

  // Guests have nothing to send: they only need to know when they are offline.
  if (!counts) return online ? null : <OfflineBadge />;
  const attention = counts.problems > 0 || counts.stale || notices.wipedAt !== null;
  const label = summary(online, counts.unsent, counts.problems, status.state === 'draining', status.state === 'pausedAuth');

  return (
    <div className="sync-status">
      <button
        ref={buttonRef}
        type="button"
        className={`sync-button${online ? '' : ' sync-offline'}${attention ? ' sync-attention' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {online ? null : <OfflineIcon />}
        <span className={`sync-dot sync-dot-${counts.problems ? 'problem' : counts.unsent ? 'waiting' : 'saved'}`} aria-hidden="true" />
        <span className="sync-label">{label}</span>
        <span className="visually-hidden">{t`, show sync details`}</span>
      </button>
      <span role="status" className="visually-hidden">
        {label}
      </span>
      {open ? <SyncPanel id={panelId} online={online} status={status} notices={notices} unsent={counts.unsent} /> : null}
    </div>
  );
}
