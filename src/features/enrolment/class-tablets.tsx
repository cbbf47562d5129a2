// A class's tablets for offline sign-in (issue 27), on the class page: "Use this tablet for
// <class> offline" enrols this device (a key pair made here, its public half registered) and
// fetches the class's names and password verifiers; the class's enrolled tablets are listed with
// when each was last seen, and any can be removed (revoked: it signs no one in and its waiting
// sign-ins are refused). Online only: enrolling and revoking are the server's to decide.
import { useCallback, useEffect, useState } from 'react';
import { api, API_BASE, sendRaw } from '@/api/client';
import type { components } from '@/api/schema';
import { db } from '@/data/db';
import { useLive } from '@/data/live';
import { currentTablet, makeTabletKeys, rememberEnrolment } from '@/sync/tablet';
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

  const load = useCallback(async () => {
    const { data } = await api.GET('/classes/{id}/tablets/', { params: { path: { id: classId } } }).catch(() => ({ data: undefined }));
    if (data) setTablets(data.results);
  }, [classId]);
  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  if (!cls) return null;
  const enrolledHere = here?.state === 'active' && tablets?.some((t) => t.id === here.id && !t.revoked_at);

  async function enrol() {
    setBusy(true);
    try {
      const { keys, publicKey } = await makeTabletKeys();
      const { data, error } = await api.POST('/tablets/', {
        body: { name: deviceName(cls!.name), public_key: publicKey, class_ids: [classId] },
      });
      if (!data) throw new Error(errorText(error, 'This tablet could not be enrolled. Please try again.'));
      await rememberEnrolment(tabletDeps, data, keys);
      toast('success', `This tablet can now sign ${cls!.name} in offline.`);
      await load();
    } catch (err) {
      toast('error', err instanceof Error ? err.message : 'This tablet could not be enrolled. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  async function revoke(tablet: Tablet) {
    if (!confirm(`Remove “${tablet.name}”? It will no longer sign children in offline.`)) return;
    const { data, error } = await api.POST('/tablets/{id}/revoke/', { params: { path: { id: tablet.id } } });
    if (!data) toast('error', errorText(error, 'The tablet could not be removed. Please try again.'));
    else toast('success', 'Tablet removed.');
    await load();
  }

  return (
    <section className="class-tablets" aria-labelledby="class-tablets-title" data-testid="class-tablets">
      <h2 id="class-tablets-title">Offline sign-in</h2>
      <p>An enrolled tablet lets the children of this class sign in when the Wi-Fi is down. It lasts a term unless renewed.</p>
      {!online ? (
        <p className="notice">Connect to the internet to enrol or remove tablets.</p>
      ) : enrolledHere ? (
        <p className="notice notice-success" role="status">
          This tablet signs {cls.name} in offline.
        </p>
      ) : (
        <button type="button" className="button" disabled={busy} onClick={() => void enrol()}>
          {busy ? 'Enrolling…' : `Use this tablet for ${cls.name} offline`}
        </button>
      )}
      {tablets && tablets.length ? (
        <table className="class-tablets-list">
          <caption>Enrolled tablets</caption>
          <thead>
            <tr>
              <th scope="col">Tablet</th>
              <th scope="col">Last seen</th>
              <th scope="col">Until</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tablets.map((t) => (
              <tr key={t.id}>
                <td>
                  {t.name}
                  {here?.id === t.id ? ' (this one)' : ''}
                </td>
                <td>{t.last_seen_at ? formatDateTime(t.last_seen_at) : 'Not yet'}</td>
                <td>{t.revoked_at ? 'Removed' : formatDate(t.expires_at)}</td>
                <td>
                  {t.revoked_at ? null : (
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      disabled={!online}
                      onClick={() => void revoke(t)}
                    >
                      Remove
                    </button>
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
