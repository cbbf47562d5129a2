// What a teacher signed in on a class tablet looks after without being asked (issue 27):
// - the tablet's enrolment is renewed silently, with the teacher's session, when fewer than
//   RENEW_WITHIN_DAYS (30) are left (src/sync/tablet.ts renewIfDue);
// - work that children left on the tablet when it was removed (or its term ran out) before it
//   could be sent: "Work from 3 children is waiting on this tablet", per child what waits, and
//   Accept (sent as each child, if the server agrees they are in the teacher's classes) or Drop
//   (after a confirmation). src/sync/waiting-work.ts keeps the outbox's side.
import { useEffect, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '@/api/client';
import { useSessionUser } from '@/api/use-session';
import { db } from '@/data/db';
import { useLive } from '@/data/live';
import { syncControl } from '@/sync/status';
import { renewIfDue } from '@/sync/tablet';
import { acceptWaitingWork, dropWaitingWork, waitingWork, type WaitingChild } from '@/sync/waiting-work';
import { toast } from '@/ui/toast';
import { useOnline } from '@/ui/use-online';
import './enrolment.css';

const STAFF = new Set(['teacher', 'teacher_admin', 'school_admin']);

/** Once per page load: a renewal is a write, and the dashboard is opened often. */
let renewalTried = false;

function errorText(error: unknown, fallback: string): string {
  const body = (error ?? {}) as { message?: unknown };
  return typeof body.message === 'string' && body.message ? body.message : fallback;
}

export function TabletUpkeep() {
  const user = useSessionUser();
  const online = useOnline();
  const staff = STAFF.has(user?.role ?? '');

  useEffect(() => {
    if (!staff || !online || renewalTried) return;
    renewalTried = true;
    void renewIfDue(db, async (id) => {
      const { data } = await api.POST('/tablets/{id}/renew/', { params: { path: { id } } }).catch(() => ({ data: undefined }));
      return data ?? null;
    }).catch((err: unknown) => console.warn('the tablet could not be renewed', err));
  }, [staff, online]);

  return staff ? <WaitingWork online={online} /> : null;
}

function WaitingWork({ online }: { online: boolean }) {
  const { t } = useLingui();
  const waiting = useLive(() => waitingWork(db), []);
  // Only children of the teacher's own classes (as this device knows them); the server checks again.
  const mine = useLive(async () => new Set((await db.classes.toArray()).map((c) => c.id)), []);
  const [busy, setBusy] = useState(false);
  const children = (waiting ?? []).filter((c) => c.classId === null || mine?.has(c.classId));
  if (!children.length) return null;
  const count = children.length;
  const nameOf = (c: WaitingChild) => c.name ?? t`A child`;

  async function accept(which: WaitingChild[]) {
    setBusy(true);
    try {
      const outcome = await acceptWaitingWork(
        db,
        which.map((c) => c.ownerId),
        async (enrolmentId, body) => {
          const { data, error } = await api
            .POST('/tablets/{id}/accept-waiting/', { params: { path: { id: enrolmentId } }, body })
            .catch(() => ({ data: undefined, error: undefined }));
          return data ?? { error: errorText(error, t`No connection. Please try again.`) };
        },
      );
      if (outcome.accepted.length) {
        const n = outcome.accepted.length;
        toast(
          'success',
          t`${plural(n, { one: 'Accepted. The work of # child is being sent.', other: 'Accepted. The work of # children is being sent.' })}`,
        );
        syncControl.wake();
      }
      for (const r of outcome.refused) {
        const name = nameOf(which.find((c) => c.ownerId === r.ownerId)!);
        const why = r.message;
        toast('error', t`${name}: ${why}`);
      }
    } finally {
      setBusy(false);
    }
  }

  async function drop(child: WaitingChild) {
    const name = nameOf(child);
    if (!confirm(t`Drop ${name}’s work? It will be gone for good.`)) return;
    await dropWaitingWork(db, child.ownerId);
    toast('success', t`${name}’s work was dropped.`);
  }

  return (
    <section className="class-tablets waiting-work" aria-labelledby="waiting-work-title" data-testid="waiting-work">
      <h2 id="waiting-work-title">
        {t`${plural(count, { one: 'Work from # child is waiting on this tablet', other: 'Work from # children is waiting on this tablet' })}`}
      </h2>
      <p>
        <Trans>This tablet was removed before it could send this work. Accept it to send it as each child, or drop it.</Trans>
      </p>
      <ul>
        {children.map((c) => {
          const name = nameOf(c);
          const n = c.changes.length;
          return (
            <li key={c.ownerId}>
              <strong>{name}</strong>
              <p className="waiting-work-changes">
                {t`${plural(n, { one: '# thing to send', other: '# things to send' })}`}
                {n ? `: ${c.changes.map((x) => x.label).join(', ')}` : ''}
              </p>
              <span className="class-tablets-actions">
                <button
                  type="button"
                  className="button button-small"
                  disabled={!online || busy}
                  aria-label={t`Accept ${name}’s work`}
                  onClick={() => void accept([c])}
                >
                  <Trans>Accept</Trans>
                </button>
                <button
                  type="button"
                  className="button button-small button-secondary"
                  disabled={busy}
                  aria-label={t`Drop ${name}’s work`}
                  onClick={() => void drop(c)}
                >
                  <Trans>Drop</Trans>
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      {count > 1 ? (
        <button type="button" className="button" disabled={!online || busy} onClick={() => void accept(children)}>
          <Trans>Accept all</Trans>
        </button>
      ) : null}
      {!online ? (
        <p className="notice">
          <Trans>Connect to the internet to accept it.</Trans>
        </p>
      ) : null}
    </section>
  );
}
