// A revoked or expired class tablet's waiting work (issue 27): children signed in on it offline,
// their changes queued, and then the server refused to exchange their sign-ins because the tablet
// was removed (or its term ran out). Nothing is lost silently: a teacher signed in on the tablet
// sees whose work waits and what it is, and either accepts it or drops it.
//   Accept: the teacher's session asks the server to exchange those signed sign-ins
//     (POST /tablets/{id}/accept-waiting/). The server checks each as an exchange is checked
//     (the tablet's signature, once per nonce, the password unchanged), made before the
//     revocation, and only for children of the teacher's own classes. Each child gets their own
//     session: the engine then sends their queue as them, as after any exchange, so the server
//     applies nothing beyond what the child could do, and no "act as" power is added anywhere.
//   Drop: the child's queued changes, unsent drafts and sign-in leave this device.
// Only this folder touches the outbox: the screen calls these.
import { compareText } from '@/i18n/active';
import type { DeviceDatabase, OfflineSessionRecord } from '@/data/db';
import { ownerEntries } from './outbox';
import { recordAnswers, signedFields, type ExchangeAnswer } from './tablet';

/** The refusals that put a child's work before a teacher (the tablet itself is no longer trusted). */
export const TABLET_GONE_CODES = ['tablet_revoked', 'tablet_expired'] as const;

export interface WaitingChild {
  ownerId: number;
  /** As the tablet knew them when they signed in (older sign-ins: null). */
  name: string | null;
  classId: number | null;
  signedInAt: string;
  /** Their changes waiting to be sent, oldest first (the labels the sync panel shows). */
  changes: { id: string; label: string }[];
}

const isGone = (s: OfflineSessionRecord) => s.status === 'refused' && (TABLET_GONE_CODES as readonly string[]).includes(s.code ?? '');

/** The children whose work waits on this tablet because it was revoked or expired, with what waits. */
export async function waitingWork(db: DeviceDatabase): Promise<WaitingChild[]> {
  const sessions = (await db.offlineSessions.where('status').equals('refused').toArray()).filter(isGone);
  const out: WaitingChild[] = [];
  for (const s of sessions) {
    const changes = (await ownerEntries(s.owner_id, db).toArray()).map((e) => ({ id: e.id, label: e.label }));
    out.push({ ownerId: s.owner_id, name: s.name ?? null, classId: s.class_id ?? null, signedInAt: s.signed_in_at, changes });
  }
  return out.sort((a, b) => compareText(a.name ?? '', b.name ?? '') || a.ownerId - b.ownerId);
}

/** The server's answer to a teacher's accept: one result per sign-in, or a refusal of the whole. */
export type AcceptAnswer = { results: ExchangeAnswer[] } | { error: string };

export interface AcceptOutcome {
  /** Children whose work now goes out as them. */
  accepted: number[];
  /** Children the server refused, with its words (their work keeps waiting for them). */
  refused: { ownerId: number; message: string }[];
}

/**
 * Accepts these children's waiting work with the signed-in teacher's session: `send` posts the
 * body to POST /tablets/{enrolmentId}/accept-waiting/ (the API client adds the teacher's token).
 * Each accepted child's session is kept as a signed-out sync credential: the engine sends their
 * changes and then ends it.
 */
export async function acceptWaitingWork(
  db: DeviceDatabase,
  ownerIds: number[],
  send: (enrolmentId: string, body: { exchanges: ReturnType<typeof signedFields>[] }) => Promise<AcceptAnswer>,
): Promise<AcceptOutcome> {
  const sessions = (await db.offlineSessions.bulkGet(ownerIds)).filter((s): s is OfflineSessionRecord => !!s && isGone(s));
  const outcome: AcceptOutcome = { accepted: [], refused: [] };
  const byEnrolment = new Map<string, OfflineSessionRecord[]>();
  for (const s of sessions) byEnrolment.set(s.enrolment_id, [...(byEnrolment.get(s.enrolment_id) ?? []), s]);
  for (const [enrolmentId, group] of byEnrolment) {
    const answer = await send(enrolmentId, { exchanges: group.map(signedFields) });
    if ('error' in answer) {
      outcome.refused.push(...group.map((s) => ({ ownerId: s.owner_id, message: answer.error })));
      continue;
    }
    outcome.accepted.push(...(await recordAnswers(db, group, answer.results)));
    for (const s of group) {
      const refusal = answer.results.find((r) => r.student_id === s.owner_id && r.nonce === s.nonce && r.status !== 200);
      if (refusal && !outcome.accepted.includes(s.owner_id))
        outcome.refused.push({ ownerId: s.owner_id, message: refusal.message ?? 'Refused.' });
    }
  }
  return outcome;
}

/**
 * Drops a child's waiting work from this tablet (the teacher confirmed): their queued changes,
 * their unsent drafts, their refused sign-in and any sync credential. Nothing is undone on the
 * screen: the child's own data left the device when they finished.
 */
export async function dropWaitingWork(db: DeviceDatabase, ownerId: number): Promise<number> {
  return db.transaction('rw', [db.outbox, db.documents, db.offlineSessions, db.credentials], async () => {
    const session = await db.offlineSessions.get(ownerId);
    if (!session || !isGone(session)) return 0;
    const ids = (await ownerEntries(ownerId, db).primaryKeys()) as string[];
    await db.outbox.bulkDelete(ids);
    await db.documents.filter((d) => d.owner_id === ownerId).delete();
    await db.offlineSessions.delete(ownerId);
    await db.credentials.delete(ownerId);
    return ids.length;
  });
}
