// The sign-in machine on its own: every step, every guard, every failure, with fake network,
// storage and navigation, and a simulated clock for the 0.5 s redirect and the search debounce.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import { LoginError, loginMachine, type LoginInput, type RosterPage, type SignedIn } from '@/features/auth/login.machine';

const AMARA = { id: 6, first_name: 'Amara', last_name: 'Okafor', username: 'amara.okafor' };
const SAM = { id: 23, first_name: 'Sam', last_name: 'Adams', username: 'sam.adams' };
const ROSTER: RosterPage = { count: 24, offset: 0, students: [AMARA, SAM], className: 'Year 4 Robins', classTheme: '#C62828' };
const SIGNED_IN = (username: string): SignedIn => ({
  access: `access-${username}`,
  refresh: `refresh-${username}`,
  user: { id: 1, first_name: 'A', last_name: 'B', email: null, username, role: 'student', avatar: null, country: null, tenant_id: 1 },
});

interface Fakes {
  signIn?: (input: { username: string; password: string }) => Promise<SignedIn>;
  fetchRoster?: (input: { classCode: string; search: string; offset: number }) => Promise<RosterPage>;
  saveSession?: (input: SignedIn) => Promise<void>;
  checkCommunity?: () => Promise<boolean>;
  communitySignIn?: (input: { password: string }) => Promise<void>;
}

function start(fakes: Fakes = {}, input: LoginInput = {}) {
  const calls = {
    signIn: [] as { username: string; password: string }[],
    fetchRoster: [] as { classCode: string; search: string; offset: number }[],
    saveSession: [] as SignedIn[],
    communitySignIn: [] as { password: string }[],
    announce: [] as string[],
    announceInvalidClass: 0,
    rememberCommunity: 0,
    redirect: 0,
  };
  const machine = loginMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }) => {
        calls.signIn.push(input);
        return (fakes.signIn ?? (async (i) => SIGNED_IN(i.username)))(input);
      }),
      fetchRoster: fromPromise(async ({ input }) => {
        calls.fetchRoster.push(input);
        return (fakes.fetchRoster ?? (async () => ROSTER))(input);
      }),
      saveSession: fromPromise(async ({ input }) => {
        calls.saveSession.push(input);
        return (fakes.saveSession ?? (async () => {}))(input);
      }),
      checkCommunity: fromPromise(async () => (fakes.checkCommunity ?? (async () => false))()),
      communitySignIn: fromPromise(async ({ input }) => {
        calls.communitySignIn.push(input);
        return (fakes.communitySignIn ?? (async () => {}))(input);
      }),
    },
    actions: {
      announce: (_, params) => calls.announce.push(params.message),
      announceInvalidClass: () => void calls.announceInvalidClass++,
      rememberCommunity: () => void calls.rememberCommunity++,
      redirect: () => void calls.redirect++,
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input, clock }).start();
  const at = (state: string) => waitFor(actor, (s) => s.matches(pathOf(state)), { timeout: 1000 });
  const value = () => flatten(actor.getSnapshot().value);
  return { actor, calls, clock, at, value, context: () => actor.getSnapshot().context, send: actor.send.bind(actor) };
}

/** 'student.code.entering' -> { student: { code: 'entering' } } */
function pathOf(dotted: string): any {
  const parts = dotted.split('.');
  return parts.reduceRight<any>((inner, part) => (inner === undefined ? part : { [part]: inner }), undefined);
}
function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0]!;
  return `${key}.${flatten(inner)}`;
}

async function reachSuccess(t: ReturnType<typeof start>, message: string) {
  await t.at('success');
  expect(t.calls.announce).toEqual([message]);
  t.clock.increment(499);
  expect(t.calls.redirect).toBe(0);
  expect(t.value()).toBe('success');
  t.clock.increment(1);
  expect(t.calls.redirect).toBe(1);
  expect(t.actor.getSnapshot().status).toBe('done');
}

describe('the sign-in machine', () => {
  it('starts by asking for the role, and Back returns to it from every second step', async () => {
    const t = start();
    expect(t.value()).toBe('role');
    for (const [role, state] of [
      ['teacher', 'teacher.editing'],
      ['student', 'student.code.entering'],
      ['parent', 'parent.editing'],
    ] as const) {
      t.send({ type: 'SELECT_ROLE', role });
      await t.at(state);
      expect(t.context().role).toBe(role);
      t.send({ type: 'BACK' });
      expect(t.value()).toBe('role');
    }
  });

  it('forgets typed passwords when stepping back to the role', () => {
    const t = start();
    t.send({ type: 'SELECT_ROLE', role: 'teacher' });
    t.send({ type: 'EDIT', field: 'password', value: 'secret' });
    t.send({ type: 'TOGGLE_PASSWORD' });
    expect(t.context()).toMatchObject({ password: 'secret', showPassword: true });
    t.send({ type: 'BACK' });
    expect(t.context()).toMatchObject({ password: '', showPassword: false });
  });

  describe('teacher or administrator', () => {
    it('asks for both fields with the spec words, and clears a message as its field is edited', () => {
      const t = start();
      t.send({ type: 'SELECT_ROLE', role: 'teacher' });
      t.send({ type: 'SUBMIT' });
      expect(t.value()).toBe('teacher.editing');
      expect(t.context().fieldErrors).toEqual({ email: 'Please enter your email/username.', password: 'Please enter your password.' });
      t.send({ type: 'EDIT', field: 'email', value: '  ' });
      t.send({ type: 'SUBMIT' });
      expect(t.context().fieldErrors).toEqual({ email: 'Please enter your email/username.', password: 'Please enter your password.' });
      t.send({ type: 'EDIT', field: 'email', value: 'teacher@greenfield.example' });
      expect(t.context().fieldErrors).toEqual({ password: 'Please enter your password.' });
      t.send({ type: 'SUBMIT' });
      expect(t.context().fieldErrors).toEqual({ password: 'Please enter your password.' });
      expect(t.calls.signIn).toEqual([]);
    });

    it('signs in, stores the session, says so, and redirects after 500 ms', async () => {
      const t = start();
      t.send({ type: 'SELECT_ROLE', role: 'teacher' });
      t.send({ type: 'EDIT', field: 'email', value: ' teacher@greenfield.example ' });
      t.send({ type: 'EDIT', field: 'password', value: 'Teach-demo-1' });
      t.send({ type: 'SUBMIT' });
      expect(t.value()).toBe('teacher.submitting');
      await reachSuccess(t, 'Logged in successfully');
      expect(t.calls.signIn).toEqual([{ username: 'teacher@greenfield.example', password: 'Teach-demo-1' }]);
      expect(t.calls.saveSession).toEqual([SIGNED_IN('teacher@greenfield.example')]);
      expect(t.context().password).toBe('');
    });

    it("shows the server's error, or the spec's fallback, and lets the user try again", async () => {
      let answer: Error = new LoginError('Invalid username or password.');
      const t = start({ signIn: async () => Promise.reject(answer) });
      t.send({ type: 'SELECT_ROLE', role: 'teacher' });
      t.send({ type: 'EDIT', field: 'email', value: 'teacher@greenfield.example' });
      t.send({ type: 'EDIT', field: 'password', value: 'nope' });
      t.send({ type: 'SUBMIT' });
      await waitFor(t.actor, (s) => s.context.error !== null);
      expect(t.value()).toBe('teacher.editing');
      expect(t.context().error).toBe('Invalid username or password.');
      answer = new Error('');
      t.send({ type: 'SUBMIT' });
      expect(t.context().error).toBeNull();
      await waitFor(t.actor, (s) => s.context.error !== null);
      expect(t.context().error).toBe('Login failed. Please check your credentials.');
      expect(t.calls.saveSession).toEqual([]);
    });

    it('still signs in when the device cannot store its offline session', async () => {
      const t = start({ saveSession: async () => Promise.reject(new Error('QuotaExceededError')) });
      t.send({ type: 'SELECT_ROLE', role: 'teacher' });
      t.send({ type: 'EDIT', field: 'email', value: 'a@b.example' });
      t.send({ type: 'EDIT', field: 'password', value: 'x' });
      t.send({ type: 'SUBMIT' });
      await reachSuccess(t, 'Logged in successfully');
    });
  });

  describe('student with a class code', () => {
    async function atProfiles(fakes: Fakes = {}) {
      const t = start(fakes);
      t.send({ type: 'SELECT_ROLE', role: 'student' });
      t.send({ type: 'EDIT', field: 'classCode', value: 'robins 4' });
      t.send({ type: 'SUBMIT' });
      return t;
    }

    it('asks for a class code, and shows it in capitals', () => {
      const t = start();
      t.send({ type: 'SELECT_ROLE', role: 'student' });
      t.send({ type: 'SUBMIT' });
      expect(t.value()).toBe('student.code.entering');
      expect(t.context().fieldErrors).toEqual({ classCode: 'Please enter a class code.' });
      t.send({ type: 'EDIT', field: 'classCode', value: 'robins 4' });
      expect(t.context().classCode).toBe('ROBINS4');
      expect(t.context().fieldErrors).toEqual({});
    });

    it('loads the first page of the class and shows it', async () => {
      const t = await atProfiles();
      await t.at('student.profiles.list');
      expect(t.calls.fetchRoster).toEqual([{ classCode: 'ROBINS4', search: '', offset: 0 }]);
      expect(t.context().roster).toEqual(ROSTER);
    });

    it("refuses an unknown code with the spec's words and a toast, and clears the list", async () => {
      const t = await atProfiles({
        fetchRoster: async () => Promise.reject(new LoginError('Invalid class code. Please check and try again.', 'invalid-class')),
      });
      await t.at('student.code.entering');
      expect(t.context()).toMatchObject({ error: 'Invalid class code. Please check and try again.', roster: null, classCode: 'ROBINS4' });
      expect(t.calls.announceInvalidClass).toBe(1);
    });

    it('offers a retry when the roster cannot be loaded for another reason', async () => {
      let fail = true;
      const t = await atProfiles({ fetchRoster: async () => (fail ? Promise.reject(new Error('You seem to be offline.')) : ROSTER) });
      await t.at('student.profiles.failed');
      expect(t.context().error).toBe('You seem to be offline.');
      expect(t.calls.announceInvalidClass).toBe(0);
      fail = false;
      t.send({ type: 'RETRY' });
      await t.at('student.profiles.list');
    });

    it('waits until the child stops typing (500 ms) before searching, from the first page', async () => {
      const t = await atProfiles();
      await t.at('student.profiles.list');
      t.send({ type: 'PAGE', offset: 20 });
      await t.at('student.profiles.list');
      expect(t.calls.fetchRoster.at(-1)).toEqual({ classCode: 'ROBINS4', search: '', offset: 20 });
      t.send({ type: 'SEARCH', query: 'a' });
      t.clock.increment(300);
      t.send({ type: 'SEARCH', query: 'am' });
      t.clock.increment(499);
      expect(t.calls.fetchRoster).toHaveLength(2);
      expect(t.value()).toBe('student.profiles.searching');
      t.clock.increment(1);
      await t.at('student.profiles.list');
      expect(t.calls.fetchRoster).toHaveLength(3);
      expect(t.calls.fetchRoster.at(-1)).toEqual({ classCode: 'ROBINS4', search: 'am', offset: 0 });
      t.send({ type: 'PAGE', offset: -20 });
      await t.at('student.profiles.list');
      expect(t.calls.fetchRoster.at(-1)).toEqual({ classCode: 'ROBINS4', search: 'am', offset: 0 });
    });

    it('goes from a profile to its password, and Back returns to the same names without reloading', async () => {
      const t = await atProfiles();
      await t.at('student.profiles.list');
      t.send({ type: 'PICK', student: SAM });
      expect(t.value()).toBe('student.password.editing');
      expect(t.context().student).toEqual(SAM);
      t.send({ type: 'EDIT', field: 'password', value: 'oops' });
      t.send({ type: 'BACK' });
      expect(t.value()).toBe('student.profiles.list');
      expect(t.context()).toMatchObject({ roster: ROSTER, password: '' });
      expect(t.calls.fetchRoster).toHaveLength(1);
      t.send({ type: 'BACK' });
      expect(t.value()).toBe('student.code.entering');
      expect(t.context()).toMatchObject({ classCode: 'ROBINS4', roster: null });
    });

    it('asks for the password, then signs in as the chosen child', async () => {
      const t = await atProfiles();
      await t.at('student.profiles.list');
      t.send({ type: 'PICK', student: AMARA });
      t.send({ type: 'SUBMIT' });
      expect(t.context().fieldErrors).toEqual({ password: 'Please enter your password.' });
      t.send({ type: 'EDIT', field: 'password', value: 'kite-7' });
      t.send({ type: 'SUBMIT' });
      await reachSuccess(t, 'Logged in successfully');
      expect(t.calls.signIn).toEqual([{ username: 'amara.okafor', password: 'kite-7' }]);
      expect(t.calls.saveSession).toHaveLength(1);
    });

    it('shows a locked account or a wrong password from the server on the password step', async () => {
      const t = await atProfiles({ signIn: async () => Promise.reject(new LoginError('Too many wrong passwords for this account.')) });
      await t.at('student.profiles.list');
      t.send({ type: 'PICK', student: AMARA });
      t.send({ type: 'EDIT', field: 'password', value: 'x' });
      t.send({ type: 'SUBMIT' });
      await waitFor(t.actor, (s) => s.context.error !== null);
      expect(t.value()).toBe('student.password.editing');
      expect(t.context().error).toBe('Too many wrong passwords for this account.');
    });

    it('opens a kiosk at Select Your Profile for the class in its address', async () => {
      const t = start({}, { classCode: 'owls5' });
      expect(t.context()).toMatchObject({ role: 'student', classCode: 'OWLS5' });
      await t.at('student.profiles.list');
      expect(t.calls.fetchRoster).toEqual([{ classCode: 'OWLS5', search: '', offset: 0 }]);
      t.send({ type: 'BACK' });
      expect(t.value()).toBe('student.code.entering');
    });
  });

  describe('student with a QR login card', () => {
    function scanning(fakes: Fakes = {}) {
      const t = start(fakes);
      t.send({ type: 'SELECT_ROLE', role: 'student' });
      t.send({ type: 'START_SCAN' });
      expect(t.value()).toBe('student.code.scanning');
      return t;
    }

    it('leaves scanning with Cancel Scanning or Back', () => {
      const t = scanning();
      t.send({ type: 'CANCEL_SCAN' });
      expect(t.value()).toBe('student.code.entering');
      t.send({ type: 'START_SCAN' });
      t.send({ type: 'BACK' });
      expect(t.value()).toBe('student.code.entering');
      t.send({ type: 'BACK' });
      expect(t.value()).toBe('role');
    });

    it("refuses a QR code that is not JSON ('Invalid QR code format') or lacks a username or password", () => {
      const t = scanning();
      t.send({ type: 'QR_DECODED', text: 'https://example.com' });
      expect(t.value()).toBe('student.code.scanning');
      expect(t.context().error).toBe('Invalid QR code format');
      t.send({ type: 'QR_DECODED', text: '{"username":"amara.okafor"}' });
      expect(t.context().error).toBe('This QR code has no username or password. Please use your login card.');
      t.send({ type: 'QR_DECODED', text: '{"password":"kite-7"}' });
      expect(t.context().error).toBe('This QR code has no username or password. Please use your login card.');
      expect(t.calls.signIn).toEqual([]);
    });

    it('signs in with the credentials on the card', async () => {
      const t = scanning();
      t.send({ type: 'QR_DECODED', text: JSON.stringify({ username: 'amara.okafor', password: 'kite-7', class_code: 'ROBINS4' }) });
      expect(t.value()).toBe('student.cardSignIn');
      await reachSuccess(t, 'Logged in successfully');
      expect(t.calls.signIn).toEqual([{ username: 'amara.okafor', password: 'kite-7' }]);
      expect(t.context().card).toBeNull();
    });

    it('reads a photo of the card without scanning, and returns to the class code when the card is refused', async () => {
      const t = start({ signIn: async () => Promise.reject(new LoginError('Invalid username or password.')) });
      t.send({ type: 'SELECT_ROLE', role: 'student' });
      t.send({ type: 'QR_DECODED', text: JSON.stringify({ username: 'amara.okafor', password: 'old' }) });
      await waitFor(t.actor, (s) => s.context.error !== null);
      expect(t.value()).toBe('student.code.entering');
      expect(t.context()).toMatchObject({ error: 'Invalid username or password.', card: null });
    });

    it('stops scanning with a message when the camera cannot be used', () => {
      const t = scanning();
      t.send({ type: 'QR_FAILED', message: 'No camera is available. Upload a photo of your login card instead.' });
      expect(t.value()).toBe('student.code.entering');
      expect(t.context().error).toBe('No camera is available. Upload a photo of your login card instead.');
      t.send({ type: 'QR_FAILED', message: 'No QR code found in this photo.' });
      expect(t.context().error).toBe('No QR code found in this photo.');
    });
  });

  describe('parent', () => {
    it('asks for the community password, then opens community access and redirects', async () => {
      const t = start();
      t.send({ type: 'SELECT_ROLE', role: 'parent' });
      await t.at('parent.editing');
      t.send({ type: 'SUBMIT' });
      expect(t.context().fieldErrors).toEqual({ communityPassword: 'Please enter a password.' });
      t.send({ type: 'EDIT', field: 'communityPassword', value: 'greenfield-parents' });
      t.send({ type: 'SUBMIT' });
      await reachSuccess(t, 'Community login successful! Welcome back.');
      expect(t.calls.communitySignIn).toEqual([{ password: 'greenfield-parents' }]);
      expect(t.calls.rememberCommunity).toBe(1);
      expect(t.calls.saveSession).toEqual([]);
    });

    it("shows the server's error or the spec's fallback", async () => {
      let answer: Error = new LoginError('Too many wrong passwords. Please try again in 15 minutes.');
      const t = start({ communitySignIn: async () => Promise.reject(answer) });
      t.send({ type: 'SELECT_ROLE', role: 'parent' });
      await t.at('parent.editing');
      t.send({ type: 'EDIT', field: 'communityPassword', value: 'x' });
      t.send({ type: 'SUBMIT' });
      await waitFor(t.actor, (s) => s.context.error !== null);
      expect(t.context().error).toBe('Too many wrong passwords. Please try again in 15 minutes.');
      answer = new Error('');
      t.send({ type: 'SUBMIT' });
      await waitFor(t.actor, (s) => s.context.error !== null && s.matches({ parent: 'editing' }));
      expect(t.context().error).toBe('Invalid password. Please try again.');
      expect(t.calls.rememberCommunity).toBe(0);
    });

    it('welcomes back a parent whose community session is still open', async () => {
      const t = start({ checkCommunity: async () => true });
      t.send({ type: 'SELECT_ROLE', role: 'parent' });
      await reachSuccess(t, 'Community login successful! Welcome back.');
      expect(t.calls.communitySignIn).toEqual([]);
    });

    it('asks for the password when the check fails (offline)', async () => {
      const t = start({ checkCommunity: async () => Promise.reject(new TypeError('Failed to fetch')) });
      t.send({ type: 'SELECT_ROLE', role: 'parent' });
      await t.at('parent.editing');
    });
  });
});
