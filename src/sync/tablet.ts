// A class tablet's side of offline sign-in (issue 27). Its key pair is made here with WebCrypto
// (the private key cannot be exported; IndexedDB keeps the CryptoKey). Online, the tablet
// refreshes its classes' sign-in grids and password verifiers with a signed request. Offline, a
// child's typed password is checked against their verifier (PBKDF2-SHA256) under the same
// throttles as the server's, and the sign-in is signed and kept to exchange for a real session
// when the network returns (before the child's queued changes are sent). No DOM: the service
// worker drains with this too.
import type { DeviceDatabase, OfflineSessionRecord, TabletClassRecord, TabletRecord, TabletStudentRecord, VerifierRecord } from '@/data/db';
import { EXCHANGE_BATCH_MAX, TABLET_THROTTLE, dataMessage, exchangeMessage, type TabletPublicKey } from '@/contract/tablet';
import { currentOwner } from './device-session';

export interface TabletDeps {
  db: DeviceDatabase;
  fetch: (request: Request) => Promise<Response>;
  baseUrl: string;
  now?: () => number;
}

const toBase64Url = (bytes: ArrayBuffer | Uint8Array): string => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (const b of view) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(plain.length);
  for (let i = 0; i < plain.length; i++) out[i] = plain.charCodeAt(i);
  return out;
};

const randomText = (bytes = 18) => toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));

/** A new key pair for this tablet: the private half can sign but never leave WebCrypto. */
export async function makeTabletKeys(): Promise<{ keys: CryptoKeyPair; publicKey: TabletPublicKey }> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const jwk = await crypto.subtle.exportKey('jwk', keys.publicKey);
  return { keys, publicKey: { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y! } };
}

async function signText(keys: CryptoKeyPair, text: string): Promise<string> {
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, new TextEncoder().encode(text));
  return toBase64Url(signature);
}

/** Whether `password` is the one the verifier was made from (PBKDF2-SHA256, ~150 ms on purpose). */
export async function matchesVerifier(verifier: VerifierRecord, password: string): Promise<boolean> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64Url(verifier.salt), iterations: verifier.iterations },
    material,
    256,
  );
  const made = new Uint8Array(bits);
  const want = fromBase64Url(verifier.hash);
  if (made.length !== want.length) return false;
  let diff = 0;
  for (let i = 0; i < made.length; i++) diff |= made[i]! ^ want[i]!;
  return diff === 0;
}

/** This device's enrolment, if it is a class tablet. */
export async function currentTablet(db: DeviceDatabase): Promise<TabletRecord | undefined> {
  return db.tablet.get('current');
}

/** An enrolled class by the code a child typed (any case), while the tablet may sign children in. */
export async function enrolledClass(db: DeviceDatabase, classCode: string, now = Date.now()): Promise<TabletClassRecord | undefined> {
  const tablet = await currentTablet(db);
  if (!tablet || tablet.state !== 'active' || Date.parse(tablet.expires_at) <= now) return undefined;
  return db.tabletClasses.get(classCode.trim().toUpperCase());
}

/** A child of an enrolled class by username (a name picked on the grid, or a QR login card). */
export async function enrolledChild(
  db: DeviceDatabase,
  username: string,
  now = Date.now(),
): Promise<{ classCode: string; student: TabletStudentRecord } | undefined> {
  const tablet = await currentTablet(db);
  if (!tablet || tablet.state !== 'active' || Date.parse(tablet.expires_at) <= now) return undefined;
  const wanted = username.trim().toLowerCase();
  for (const cls of await db.tabletClasses.toArray()) {
    const student = cls.students.find((s) => s.username.toLowerCase() === wanted);
    if (student) return { classCode: cls.class_code, student };
  }
  return undefined;
}

/** After a teacher enrolled this device (online): keep its key and enrolment, then fetch its classes. */
export async function rememberEnrolment(
  deps: TabletDeps,
  enrolment: { id: string; name: string; expires_at: string },
  keys: CryptoKeyPair,
): Promise<void> {
  await deps.db.transaction('rw', [deps.db.tablet, deps.db.tabletClasses], async () => {
    await deps.db.tabletClasses.clear();
    await deps.db.tablet.put({ key: 'current', ...enrolment, keys, synced_at: null, state: 'active' });
  });
  await refreshTabletData(deps);
}

/** Forgets the enrolment and everything it brought (the grids and the verifiers). */
export async function forgetTablet(db: DeviceDatabase): Promise<void> {
  await db.transaction('rw', [db.tablet, db.tabletClasses, db.throttles], async () => {
    await db.tablet.clear();
    await db.tabletClasses.clear();
    await db.throttles.clear();
  });
}

/** A revoked or expired tablet signs no one in: its grids and verifiers go at once. */
async function disable(db: DeviceDatabase, state: 'revoked' | 'expired'): Promise<void> {
  await db.transaction('rw', [db.tablet, db.tabletClasses], async () => {
    await db.tabletClasses.clear();
    await db.tablet.update('current', { state });
  });
}

export type TabletRefresh = 'ok' | 'not-a-tablet' | 'unreachable' | 'revoked' | 'expired';

/**
 * Online: the enrolled classes' grids and verifiers, fresh from the server (a changed password
 * brings a new verifier). A revoked tablet wipes its grids and verifiers at once.
 */
export async function refreshTabletData(deps: TabletDeps): Promise<TabletRefresh> {
  const tablet = await currentTablet(deps.db);
  if (!tablet) return 'not-a-tablet';
  const now = deps.now?.() ?? Date.now();
  const fields = { signed_at: new Date(now).toISOString(), nonce: randomText() };
  let res: Response;
  try {
    res = await deps.fetch(
      new Request(`${deps.baseUrl}/tablets/${tablet.id}/sign-in-data/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...fields, signature: await signText(tablet.keys, dataMessage(tablet.id, fields)) }),
      }),
    );
  } catch {
    return 'unreachable';
  }
  if (res.status === 403 || res.status === 404) {
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    const state = body.code === 'tablet_expired' ? 'expired' : 'revoked';
    await disable(deps.db, state);
    return state;
  }
  if (!res.ok) return 'unreachable';
  const data = (await res.json()) as {
    expires_at: string;
    classes: { id: number; name: string; class_id: string; class_theme: string; students: TabletStudentRecord[] }[];
  };
  await deps.db.transaction('rw', [deps.db.tablet, deps.db.tabletClasses], async () => {
    await deps.db.tabletClasses.clear();
    await deps.db.tabletClasses.bulkPut(
      data.classes.map((c) => ({
        class_code: c.class_id.toUpperCase(),
        id: c.id,
        name: c.name,
        class_theme: c.class_theme,
        students: c.students,
      })),
    );
    await deps.db.tablet.update('current', { expires_at: data.expires_at, synced_at: now, state: 'active' });
  });
  return 'ok';
}

// The server's throttles (server/domains/auth/rate-limit.ts), kept on the tablet: failures per
// child and per tablet within a window lock that key for a while.
async function firstLock(db: DeviceDatabase, keys: string[], now: number): Promise<{ key: string; ms: number } | undefined> {
  const rows = await db.throttles.bulkGet(keys);
  const locked = rows.find((r) => (r?.locked_until ?? 0) > now);
  return locked ? { key: locked.key, ms: locked.locked_until! - now } : undefined;
}

async function recordFailure(db: DeviceDatabase, limits: { key: string; max: number }[], now: number): Promise<void> {
  await db.transaction('rw', db.throttles, async () => {
    for (const { key, max } of limits) {
      const row = await db.throttles.get(key);
      const fresh = !row || row.window_started_at <= now - TABLET_THROTTLE.windowMs;
      const failures = fresh ? 1 : row.failures + 1;
      await db.throttles.put({
        key,
        failures,
        window_started_at: fresh ? now : row.window_started_at,
        locked_until: failures >= max ? now + TABLET_THROTTLE.lockMs : (row?.locked_until ?? null),
      });
    }
  });
}

export type OfflineSignIn =
  | { kind: 'ok'; session: OfflineSessionRecord; student: TabletStudentRecord }
  | { kind: 'wrong' }
  /** Locked: this child ('child') or the whole tablet ('tablet'), for `minutes` more. */
  | { kind: 'locked'; which: 'child' | 'tablet'; minutes: number };

/**
 * A child signs in on this tablet with no network: the password is checked against their
 * verifier; on success the sign-in is signed by the tablet and kept to exchange later.
 */
export async function signInOffline(
  db: DeviceDatabase,
  input: { classCode: string; studentId: number; password: string },
  now = Date.now(),
): Promise<OfflineSignIn> {
  const tablet = await currentTablet(db);
  const cls = await enrolledClass(db, input.classCode, now);
  const child = cls?.students.find((s) => s.id === input.studentId);
  const limits = [
    { key: `child:${input.studentId}`, max: TABLET_THROTTLE.child },
    { key: 'tablet', max: TABLET_THROTTLE.tablet },
  ];
  const lock = await firstLock(
    db,
    limits.map((l) => l.key),
    now,
  );
  if (lock) return { kind: 'locked', which: lock.key === 'tablet' ? 'tablet' : 'child', minutes: Math.ceil(lock.ms / 60_000) };
  if (!tablet || !child || !(await matchesVerifier(child.verifier, input.password))) {
    await recordFailure(db, limits, now);
    return { kind: 'wrong' };
  }
  await db.throttles.delete(limits[0]!.key);
  const fields = {
    student_id: child.id,
    signed_in_at: new Date(now).toISOString(),
    verifier_salt: child.verifier.salt,
    nonce: randomText(),
  };
  const session: OfflineSessionRecord = {
    owner_id: child.id,
    enrolment_id: tablet.id,
    signed_in_at: fields.signed_in_at,
    verifier_salt: fields.verifier_salt,
    nonce: fields.nonce,
    signature: await signText(tablet.keys, exchangeMessage(tablet.id, fields)),
    status: 'waiting',
    message: null,
    code: null,
    name: `${child.first_name} ${child.last_name}`.trim(),
    class_id: cls!.id,
  };
  // A child signing in again offline replaces their earlier waiting sign-in (the newer one counts).
  await db.offlineSessions.put(session);
  return { kind: 'ok', session, student: child };
}

export type ExchangeResult =
  { kind: 'ok'; access: string; refresh: string } | { kind: 'refused'; message: string } | { kind: 'unreachable' };

/**
 * Exchanges one child's waiting offline sign-in for a real session: their sync credential is
 * stored (signed out unless they are still the one using the tablet), so their queued changes
 * go out as today. A refusal (password changed, tablet revoked, ...) keeps the changes waiting
 * for the child's next online sign-in, with the server's words.
 */
export async function exchangeOfflineSession(deps: TabletDeps, ownerId: number): Promise<ExchangeResult> {
  const offline = await deps.db.offlineSessions.get(ownerId);
  if (!offline || offline.status !== 'waiting') return { kind: 'refused', message: offline?.message ?? 'No offline sign-in.' };
  let res: Response;
  try {
    res = await deps.fetch(
      new Request(`${deps.baseUrl}/tablets/${offline.enrolment_id}/exchange/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          student_id: offline.owner_id,
          signed_in_at: offline.signed_in_at,
          verifier_salt: offline.verifier_salt,
          nonce: offline.nonce,
          signature: offline.signature,
        }),
      }),
    );
  } catch {
    return { kind: 'unreachable' };
  }
  if (res.status >= 500 || res.status === 429) return { kind: 'unreachable' };
  // Already exchanged (by another tab, or an answer lost on the way): the credential, if it came.
  if (res.status === 409) {
    const credential = await deps.db.credentials.get(ownerId);
    if (credential?.access) return { kind: 'ok', access: credential.access, refresh: credential.refresh };
  }
  const body = (await res.json().catch(() => ({}))) as { access?: string; refresh?: string; message?: string; code?: string };
  if (body.code === 'tablet_revoked' || body.code === 'tablet_expired')
    await disable(deps.db, body.code === 'tablet_expired' ? 'expired' : 'revoked');
  if (!res.ok || !body.access || !body.refresh) {
    const message = body.message ?? 'The server refused this offline sign-in.';
    await deps.db.offlineSessions.update(ownerId, { status: 'refused', message, code: body.code ?? null });
    return { kind: 'refused', message };
  }
  const { access, refresh } = body;
  await deps.db.transaction('rw', [deps.db.offlineSessions, deps.db.credentials, deps.db.meta], async () => {
    const owner = await currentOwner(deps.db);
    await deps.db.credentials.put({ owner_id: ownerId, refresh, access, signed_out: owner?.owner_id !== ownerId, updated_at: Date.now() });
    await deps.db.offlineSessions.delete(ownerId);
  });
  return { kind: 'ok', access, refresh };
}

/** The fields of a waiting sign-in the server checks (the tablet signed them offline). */
export const signedFields = (s: OfflineSessionRecord) => ({
  student_id: s.owner_id,
  signed_in_at: s.signed_in_at,
  verifier_salt: s.verifier_salt,
  nonce: s.nonce,
  signature: s.signature,
});

export interface ExchangeAnswer {
  student_id: number;
  nonce: string;
  status: number;
  access?: string;
  refresh?: string;
  message?: string;
  code?: string;
}

/**
 * Records the server's answers to a batch of exchanged sign-ins, in one transaction: a session
 * becomes the child's sync credential (signed out unless they are the one using the tablet); a
 * refusal keeps their work waiting, with the server's words. A replay with no credential here
 * (the answer was lost on the way) is a refusal too: the work waits for the child.
 */
export async function recordAnswers(db: DeviceDatabase, sessions: OfflineSessionRecord[], answers: ExchangeAnswer[]): Promise<number[]> {
  const exchanged: number[] = [];
  await db.transaction('rw', [db.offlineSessions, db.credentials, db.meta], async () => {
    const owner = await currentOwner(db);
    for (const session of sessions) {
      const answer = answers.find((a) => a.student_id === session.owner_id && a.nonce === session.nonce);
      if (!answer) continue; // not answered: still waiting, sent again next time
      if (answer.status === 200 && answer.access && answer.refresh) {
        await db.credentials.put({
          owner_id: session.owner_id,
          refresh: answer.refresh,
          access: answer.access,
          signed_out: owner?.owner_id !== session.owner_id,
          updated_at: Date.now(),
        });
        await db.offlineSessions.delete(session.owner_id);
        exchanged.push(session.owner_id);
        continue;
      }
      if (answer.status === 409 && (await db.credentials.get(session.owner_id))?.access) {
        await db.offlineSessions.delete(session.owner_id);
        exchanged.push(session.owner_id);
        continue;
      }
      await db.offlineSessions.update(session.owner_id, {
        status: 'refused',
        message: answer.message ?? 'The server refused this offline sign-in.',
        code: answer.code ?? null,
      });
    }
  });
  return exchanged;
}

export type BatchExchangeResult = { kind: 'done'; exchanged: number[] } | { kind: 'unreachable'; exchanged: number[] };

/**
 * The waiting offline sign-ins of these children exchanged in one request per enrolment (up to
 * EXCHANGE_BATCH_MAX each): the whole class's in one round trip when the network returns. The
 * caller holds the children's refresh locks (src/sync/credentials.ts), so nothing else exchanges
 * them meanwhile; a child who has a credential by now is skipped. A revoked or expired tablet is
 * refused as a whole: its sign-ins wait, for a teacher to accept or drop (waitingWork below).
 */
export async function exchangeWaitingSessions(deps: TabletDeps, ownerIds: number[]): Promise<BatchExchangeResult> {
  const exchanged: number[] = [];
  const [sessions, credentials] = await Promise.all([deps.db.offlineSessions.bulkGet(ownerIds), deps.db.credentials.bulkGet(ownerIds)]);
  const due = sessions.filter((s, i): s is OfflineSessionRecord => s?.status === 'waiting' && !credentials[i]);
  const byEnrolment = new Map<string, OfflineSessionRecord[]>();
  for (const s of due) byEnrolment.set(s.enrolment_id, [...(byEnrolment.get(s.enrolment_id) ?? []), s]);
  for (const [enrolmentId, all] of byEnrolment) {
    for (let i = 0; i < all.length; i += EXCHANGE_BATCH_MAX) {
      const chunk = all.slice(i, i + EXCHANGE_BATCH_MAX);
      let res: Response;
      try {
        res = await deps.fetch(
          new Request(`${deps.baseUrl}/tablets/${enrolmentId}/exchange-batch/`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ exchanges: chunk.map(signedFields) }),
          }),
        );
      } catch {
        return { kind: 'unreachable', exchanged };
      }
      if (res.status >= 500 || res.status === 429) return { kind: 'unreachable', exchanged };
      const body = (await res.json().catch(() => ({}))) as { results?: ExchangeAnswer[]; message?: string; code?: string };
      if (res.ok && Array.isArray(body.results)) {
        exchanged.push(...(await recordAnswers(deps.db, chunk, body.results)));
        continue;
      }
      // Refused as a whole (revoked, expired, unknown tablet): every sign-in of it waits.
      if (body.code === 'tablet_revoked' || body.code === 'tablet_expired')
        await disable(deps.db, body.code === 'tablet_expired' ? 'expired' : 'revoked');
      const refusal = { status: res.status, message: body.message ?? 'The server refused this offline sign-in.', code: body.code };
      const rest = all.slice(i);
      await recordAnswers(
        deps.db,
        rest,
        rest.map((s) => ({ student_id: s.owner_id, nonce: s.nonce, ...refusal })),
      );
      break;
    }
  }
  return { kind: 'done', exchanged };
}

/** A tablet renews itself (with a teacher's session) once its enrolment has fewer days left than this. */
export const RENEW_WITHIN_DAYS = 30;

/**
 * The enrolment's new end, after a teacher renewed it (the class page, or renewIfDue). An expired
 * tablet is active again (its grids come back at the next refresh), and the sign-ins refused only
 * because it had expired wait to be exchanged again.
 */
export async function noteRenewal(db: DeviceDatabase, enrolmentId: string, expiresAt: string): Promise<void> {
  await db.transaction('rw', [db.tablet, db.offlineSessions], async () => {
    const tablet = await currentTablet(db);
    if (tablet?.id !== enrolmentId || tablet.state === 'revoked') return;
    await db.tablet.update('current', {
      expires_at: expiresAt,
      state: 'active',
      ...(tablet.state === 'expired' ? { synced_at: null } : {}),
    });
    await db.offlineSessions
      .where('status')
      .equals('refused')
      .filter((s) => s.enrolment_id === enrolmentId && s.code === 'tablet_expired')
      .modify({ status: 'waiting', message: null, code: null });
  });
}

/**
 * With a teacher (or school admin) signed in on this tablet and online: an active enrolment with
 * fewer than RENEW_WITHIN_DAYS left is renewed without a word, by `renew` (POST
 * /tablets/{id}/renew/ as the teacher, who must be staff of one of its classes: null when not).
 * Never by the tablet alone: a term's expiry stays a limit on a tablet nobody looks after.
 */
export async function renewIfDue(
  db: DeviceDatabase,
  renew: (enrolmentId: string) => Promise<{ expires_at: string } | null>,
  now = Date.now(),
): Promise<'renewed' | 'not-due' | 'refused'> {
  const tablet = await currentTablet(db);
  if (!tablet || tablet.state === 'revoked' || Date.parse(tablet.expires_at) - now >= RENEW_WITHIN_DAYS * 24 * 60 * 60_000)
    return 'not-due';
  const renewed = await renew(tablet.id);
  if (!renewed) return 'refused';
  await noteRenewal(db, tablet.id, renewed.expires_at);
  return 'renewed';
}
