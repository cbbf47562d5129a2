// A class's tablets for offline sign-in (issue 27), on the class page: "Use this tablet for
// <class> offline" enrols this device (a key pair made here, its public half registered) and
// fetches the class's names and password verifiers; the class's enrolled tablets are listed with
// when each was last seen, and any can be removed (revoked: it signs no one in and its waiting
// sign-ins are refused). Online only: enrolling and revoking are the server's to decide.
import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, API_BASE, sendRaw } from '@/api/client';
import type { components } from '@/api/schema';
import { db } from '@/data/db';
import { useLive } from '@/data/live';
import { currentTablet, makeTabletKeys, noteRenewal, rememberEnrolment } from '@/sync/tablet';
import { toast } from '@/ui/toast';
import { useOnline } from '@/ui/use-online';
import { formatDate, formatDateTime } from '@/ui/format';
import './enrolment.css';

type Tablet = components['schemas']['Tablet'];

const tabletDeps = { db, fetch: (request: Request) => sendRaw(request), baseUrl: API_BASE };

function errorText(error: unknown, fallback: string): string {
  const body = (error ?? {}) as { message?: unknown };
  return typeof body.message === 'string' && body.message ? body.message : fallback;
}

/** A name the teacher recognises on the list: the device's kind and today's date. */
function deviceName(className: string): string {
  const kind = /iPad|Tablet|Android/i.test(navigator.userAgent) ? 'Tablet' : 'Computer';
  return `${kind} for ${className}`.slice(0, 60);
}

export function ClassTablets({ classId }: { classId: number }) {
  const online = useOnline();
  const cls = useLive(() => db.classes.get(classId), [classId]);
  const here = useLive(() => currentTablet(db), []);
  const [tablets, setTablets] = useState<Tablet[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [renewing, setRenewing] = useState<string | null>(null);
  const { t } = useLingui();

  const load = useCallback(async () => {
    const { data } = await api.GET('/classes/{id}/tablets/', { params: { path: { id: classId } } }).catch(() => ({ data: undefined }));
    if (data) setTablets(data.results);
  }, [classId]);
  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  const renewText = t`Renew`;
  const lastSeenText = t`Last seen`;
  const untilText = t`Until`;
  const renewingText = t`Renewing…`;
  const renewLabel = (name: string) => t`Renew ${name}`;
  const thisOne = (name: string) => t`${name} (this one)`;
  const notYetText = t`Not yet`;
  const removedText = t`Removed`;
  const removeText = t`Remove`;
  const className = cls?.name ?? '';
  if (!cls) return null;
  const enrolledHere = here?.state === 'active' && tablets?.some((t) => t.id === here.id && !t.revoked_at);

  async function enrol() {
    setBusy(true);
    try {
      const { keys, publicKey } = await makeTabletKeys();
      const { data, error } = await api.POST('/tablets/', {
        body: { name: deviceName(cls!.name), public_key: publicKey, class_ids: [classId] },
      });
      if (!data) throw new Error(errorText(error, t`This tablet could not be enrolled. Please try again.`));
      await rememberEnrolment(tabletDeps, data, keys);
      const name = cls!.name;
      toast('success', t`This tablet can now sign ${name} in offline.`);
      await load();
    } catch (err) {
      toast('error', err instanceof Error ? err.message : t`This tablet could not be enrolled. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(tablet: Tablet) {
    const name = tablet.name;
    if (!confirm(t`Remove “${name}”? It will no longer sign children in offline.`)) return;
    const { data, error } = await api.POST('/tablets/{id}/revoke/', { params: { path: { id: tablet.id } } });
    if (!data) toast('error', errorText(error, t`The tablet could not be removed. Please try again.`));
    else toast('success', t`Tablet removed.`);
    await load();
  }

  /** Another term for a tablet: the table shows its new end, and a toast says it. */
  async function renew(tablet: Tablet) {
    setRenewing(tablet.id);
    try {
      const { data, error } = await api.POST('/tablets/{id}/renew/', { params: { path: { id: tablet.id } } });
      if (!data) {
        toast('error', errorText(error, t`The tablet could not be renewed. Please try again.`));
        return;
      }
      await noteRenewal(db, data.id, data.expires_at);
      setTablets((list) => list?.map((x) => (x.id === data.id ? data : x)) ?? null);
      const until = formatDate(data.expires_at);
      toast('success', t`Renewed. It works until ${until}.`);
    } finally {
      setRenewing(null);
    }
  }

  return (
    <section className="class-tablets" aria-labelledby="class-tablets-title" data-testid="class-tablets">
      <h2 id="class-tablets-title">
        <Trans>Offline sign-in</Trans>
      </h2>
      <p>
        <Trans>An enrolled tablet lets the children of this class sign in when the Wi-Fi is down. It lasts a term unless renewed.</Trans>
      </p>
      {!online ? (
        <p className="notice">
          <Trans>Connect to the internet to enrol or remove tablets.</Trans>
        </p>
      ) : enrolledHere ? (
        <p className="notice notice-success" role="status">
          <Trans>This tablet signs {className} in offline.</Trans>
        </p>
      ) : (
        <button type="button" className="button" disabled={busy} onClick={() => void enrol()}>
          {busy ? t`Enrolling…` : t`Use this tablet for ${className} offline`}
        </button>
      )}
      {tablets && tablets.length ? (
        <table className="class-tablets-list">
          <caption>
            <Trans>Enrolled tablets</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Tablet</Trans>
              </th>
              <th scope="col">{lastSeenText}</th>
              <th scope="col">{untilText}</th>
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tablets.map((t) => (
              <tr key={t.id}>
                <td>{here?.id === t.id ? thisOne(t.name) : t.name}</td>
                <td data-label={lastSeenText}>{t.last_seen_at ? formatDateTime(t.last_seen_at) : notYetText}</td>
                <td data-label={untilText}>{t.revoked_at ? removedText : formatDate(t.expires_at)}</td>
                <td>
                  {t.revoked_at ? null : (
                    <span className="class-tablets-actions">
                      <button
                        type="button"
                        className="button button-small"
                        disabled={!online || renewing === t.id}
                        aria-label={renewLabel(t.name)}
                        onClick={() => void renew(t)}
                      >
                        {renewing === t.id ? renewingText : renewText}
                      </button>
                      <button
                        type="button"
                        className="button button-small button-secondary"
                        disabled={!online}
                        onClick={() => void revoke(t)}
                      >
                        {removeText}
                      </button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
