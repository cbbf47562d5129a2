// The sign-in page as one machine: role, then the
// teacher's e-mail and password, the parent's community password, or the student's class code
// (typed or read from a QR login card), profile and password; then "stored, announced, and
// redirected after 0.5 s". Network, storage, toasts and navigation are named actors and actions
// that the page provides, so tests drive every transition with fakes and no browser.
import { assign, fromPromise, setup } from 'xstate';
import type { StoredUser } from '@/api/session';
import { AUTH_MSG, MSG } from '@/contract/messages';
import { parseLoginCard } from '@/contract/login-card';

export type { LoginRole } from '@/contract/login-roles';
import type { LoginRole } from '@/contract/login-roles';

export interface RosterStudent {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
}

export interface RosterPage {
  count: number;
  /** The position of this page's first name (the page shown, while the next one loads). */
  offset: number;
  students: RosterStudent[];
  className: string;
  classTheme: string;
}

export interface SignedIn {
  access: string;
  refresh: string;
  user: StoredUser;
}

/** A failure the page shows as it is; `invalid-class` also clears the list of names it showed. */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly code: 'invalid-class' | 'failed' = 'failed',
  ) {
    super(message);
  }
}

export type LoginField = 'email' | 'password' | 'classCode' | 'communityPassword';

export interface LoginContext {
  role: LoginRole | null;
  email: string;
  password: string;
  showPassword: boolean;
  classCode: string;
  communityPassword: string;
  search: string;
  offset: number;
  roster: RosterPage | null;
  student: RosterStudent | null;
  /** Credentials read from a QR login card. */
  card: { username: string; password: string } | null;
  /** The failure to show above the form (the server's words, or the spec's fallback). */
  error: string | null;
  fieldErrors: Partial<Record<LoginField, string>>;
  signedIn: SignedIn | null;
  /** What the success toast says (staff and students, or parents). */
  successMessage: string | null;
}

export type LoginEvent =
  | { type: 'SELECT_ROLE'; role: LoginRole }
  | { type: 'BACK' }
  | { type: 'EDIT'; field: LoginField; value: string }
  | { type: 'TOGGLE_PASSWORD' }
  | { type: 'SUBMIT' }
  | { type: 'START_SCAN' }
  | { type: 'CANCEL_SCAN' }
  | { type: 'QR_DECODED'; text: string }
  | { type: 'QR_FAILED'; message: string }
  | { type: 'SEARCH'; query: string }
  | { type: 'PAGE'; offset: number }
  | { type: 'PICK'; student: RosterStudent }
  | { type: 'RETRY' };

export interface LoginInput {
  /** A kiosk's class code from /login/{code}: the page opens at "Select Your Profile". */
  classCode?: string;
}

export const REDIRECT_DELAY_MS = 500;
export const SEARCH_DEBOUNCE_MS = 500;

export const normalizeClassCode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

const emptyForm = { password: '', communityPassword: '', showPassword: false, error: null, fieldErrors: {} };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    signIn: fromPromise<SignedIn, { username: string; password: string }>(async () => {
      throw new Error('signIn is provided by the page');
    }),
    fetchRoster: fromPromise<RosterPage, { classCode: string; search: string; offset: number }>(async () => {
      throw new Error('fetchRoster is provided by the page');
    }),
    saveSession: fromPromise<void, SignedIn>(async () => {
      throw new Error('saveSession is provided by the page');
    }),
    checkCommunity: fromPromise<boolean, void>(async () => false),
    communitySignIn: fromPromise<void, { password: string }>(async () => {
      throw new Error('communitySignIn is provided by the page');
    }),
  },
  actions: {
    /** Shows the success message (a toast). */
    announce: (_, _params: { message: string }) => {},
    /** Tells the user the class code was wrong (a toast, as well as the inline message). */
    announceInvalidClass: () => {},
    /** Marks the device as holding a community session (localStorage generic_access). */
    rememberCommunity: () => {},
    /** Leaves the sign-in page: invitation, the page the user came from, or /. */
    redirect: () => {},
    edit: assign(({ context, event }) => {
      if (event.type !== 'EDIT') return {};
      const value = event.field === 'classCode' ? normalizeClassCode(event.value) : event.value;
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { [event.field]: value, fieldErrors, error: null };
    }),
    togglePassword: assign({ showPassword: ({ context }) => !context.showPassword }),
    clearForm: assign(emptyForm),
    /** A new class (typed, or a kiosk's): the first page, no search, no old messages. */
    openRoster: assign({ search: '', offset: 0, roster: null, error: null, fieldErrors: {} }),
    requireFields: assign((_, fields: Partial<Record<LoginField, string>>) => ({ fieldErrors: fields, error: null })),
    showError: assign((_, params: { message: string }) => ({ error: params.message })),
  },
  guards: {
    roleIs: ({ event }, params: { role: LoginRole }) => event.type === 'SELECT_ROLE' && event.role === params.role,
    staffFormComplete: ({ context }) => context.email.trim() !== '' && context.password !== '',
    classCodeGiven: ({ context }) => context.classCode !== '',
    studentPasswordGiven: ({ context }) => context.password !== '',
    communityPasswordGiven: ({ context }) => context.communityPassword !== '',
    kioskClassCode: ({ context }) => context.classCode !== '',
    cardReadable: ({ event }) => event.type === 'QR_DECODED' && parseLoginCard(event.text).ok,
    isInvalidClass: (_, params: { error: unknown }) => params.error instanceof LoginError && params.error.code === 'invalid-class',
    hasAccess: (_, params: { authenticated: boolean }) => params.authenticated,
  },
  delays: {
    redirect: REDIRECT_DELAY_MS,
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    role: input.classCode ? 'student' : null,
    email: '',
    password: '',
    showPassword: false,
    classCode: normalizeClassCode(input.classCode ?? ''),
    communityPassword: '',
    search: '',
    offset: 0,
    roster: null,
    student: null,
    card: null,
    error: null,
    fieldErrors: {},
    signedIn: null,
    successMessage: null,
  }),
  // Typing and the show/hide toggle work the same on every step (the inputs are disabled
  // while a step is sending).
  on: {
    EDIT: { actions: 'edit' },
    TOGGLE_PASSWORD: { actions: 'togglePassword' },
  },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'kioskClassCode', target: 'student.profiles', actions: 'openRoster' }, { target: 'role' }],
    },

    role: {
      entry: 'clearForm',
      on: {
        SELECT_ROLE: [
          { guard: { type: 'roleIs', params: { role: 'teacher' } }, target: 'teacher', actions: assign({ role: 'teacher' }) },
          { guard: { type: 'roleIs', params: { role: 'student' } }, target: 'student', actions: assign({ role: 'student' }) },
          { guard: { type: 'roleIs', params: { role: 'parent' } }, target: 'parent', actions: assign({ role: 'parent' }) },
        ],
      },
    },

    teacher: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT: [
              { guard: 'staffFormComplete', target: 'submitting' },
              {
                actions: {
                  type: 'requireFields',
                  params: ({ context }) => ({
                    ...(context.email.trim() ? {} : { email: MSG.loginEmptyUsername }),
                    ...(context.password ? {} : { password: MSG.loginEmptyPassword }),
                  }),
                },
              },
            ],
            BACK: '#login.role',
          },
        },
        submitting: {
          entry: assign({ error: null, fieldErrors: {} }),
          invoke: {
            src: 'signIn',
            input: ({ context }) => ({ username: context.email.trim(), password: context.password }),
            onDone: { target: '#login.saving', actions: assign({ signedIn: ({ event }) => event.output }) },
            onError: {
              target: 'editing',
              actions: { type: 'showError', params: ({ event }) => ({ message: messageOf(event.error, MSG.loginFailed) }) },
            },
          },
        },
      },
    },

    student: {
      initial: 'code',
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                SUBMIT: [
                  { guard: 'classCodeGiven', target: '#login.student.profiles', actions: 'openRoster' },
                  { actions: { type: 'requireFields', params: { classCode: MSG.emptyClassCode } } },
                ],
                START_SCAN: { target: 'scanning', actions: assign({ error: null, fieldErrors: {} }) },
                BACK: '#login.role',
              },
            },
            scanning: {
              on: {
                CANCEL_SCAN: 'entering',
                BACK: 'entering',
                QR_FAILED: { target: 'entering', actions: { type: 'showError', params: ({ event }) => ({ message: event.message }) } },
              },
            },
          },
          on: {
            // A card can be read from the camera or from a photo, scanning or not.
            QR_DECODED: [
              {
                guard: 'cardReadable',
                target: '#login.student.cardSignIn',
                actions: assign({
                  card: ({ event }) => {
                    const parsed = parseLoginCard(event.text);
                    return parsed.ok ? { username: parsed.card.username, password: parsed.card.password } : null;
                  },
                  error: null,
                }),
              },
              {
                actions: {
                  type: 'showError',
                  params: ({ event }) => {
                    const parsed = parseLoginCard(event.text);
                    return { message: !parsed.ok && parsed.reason === 'incomplete' ? AUTH_MSG.qrIncomplete : MSG.invalidQr };
                  },
                },
              },
            ],
            QR_FAILED: { actions: { type: 'showError', params: ({ event }) => ({ message: event.message }) } },
          },
        },

        profiles: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'fetchRoster',
                input: ({ context }) => ({ classCode: context.classCode, search: context.search, offset: context.offset }),
                onDone: { target: 'list', actions: assign({ roster: ({ event }) => event.output }) },
                onError: [
                  {
                    guard: { type: 'isInvalidClass', params: ({ event }) => ({ error: event.error }) },
                    target: '#login.student.code.entering',
                    actions: [assign({ roster: null, error: MSG.invalidClassCode }), 'announceInvalidClass'],
                  },
                  {
                    target: 'failed',
                    actions: { type: 'showError', params: ({ event }) => ({ message: messageOf(event.error, AUTH_MSG.offline) }) },
                  },
                ],
              },
            },
            list: {},
            searching: {
              after: { searchDebounce: 'loading' },
            },
            failed: {
              on: { RETRY: 'loading' },
            },
          },
          on: {
            SEARCH: { target: '.searching', reenter: true, actions: assign({ search: ({ event }) => event.query, offset: 0 }) },
            PAGE: { target: '.loading', actions: assign({ offset: ({ event }) => Math.max(0, event.offset) }) },
            PICK: { target: 'password', actions: assign({ student: ({ event }) => event.student, password: '', showPassword: false }) },
            BACK: { target: 'code', actions: assign({ roster: null }) },
          },
        },

        password: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                SUBMIT: [
                  { guard: 'studentPasswordGiven', target: 'submitting' },
                  { actions: { type: 'requireFields', params: { password: MSG.loginEmptyPassword } } },
                ],
                // Back to the same page of names, without asking the server again.
                BACK: { target: '#login.student.profiles.list', actions: assign({ password: '', error: null, fieldErrors: {} }) },
              },
            },
            submitting: {
              entry: assign({ error: null, fieldErrors: {} }),
              invoke: {
                src: 'signIn',
                input: ({ context }) => ({ username: context.student?.username ?? '', password: context.password }),
                onDone: { target: '#login.saving', actions: assign({ signedIn: ({ event }) => event.output }) },
                onError: {
                  target: 'editing',
                  actions: { type: 'showError', params: ({ event }) => ({ message: messageOf(event.error, MSG.loginFailed) }) },
                },
              },
            },
          },
        },

        // A QR login card: straight to sign-in with the card's username and password.
        cardSignIn: {
          invoke: {
            src: 'signIn',
            input: ({ context }) => ({ username: context.card?.username ?? '', password: context.card?.password ?? '' }),
            onDone: { target: '#login.saving', actions: assign({ signedIn: ({ event }) => event.output, card: null }) },
            onError: {
              target: 'code.entering',
              actions: [
                assign({ card: null }),
                { type: 'showError', params: ({ event }) => ({ message: messageOf(event.error, MSG.loginFailed) }) },
              ],
            },
          },
        },
      },
    },

    parent: {
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            src: 'checkCommunity',
            onDone: [
              { guard: { type: 'hasAccess', params: ({ event }) => ({ authenticated: event.output }) }, target: '#login.communityOpen' },
              { target: 'editing' },
            ],
            onError: 'editing',
          },
        },
        editing: {
          on: {
            SUBMIT: [
              { guard: 'communityPasswordGiven', target: 'submitting' },
              { actions: { type: 'requireFields', params: { communityPassword: MSG.emptyCommunityPassword } } },
            ],
            BACK: '#login.role',
          },
        },
        submitting: {
          entry: assign({ error: null, fieldErrors: {} }),
          invoke: {
            src: 'communitySignIn',
            input: ({ context }) => ({ password: context.communityPassword }),
            onDone: '#login.communityOpen',
            onError: {
              target: 'editing',
              actions: { type: 'showError', params: ({ event }) => ({ message: messageOf(event.error, MSG.communityLoginFailed) }) },
            },
          },
        },
      },
    },

    saving: {
      invoke: {
        src: 'saveSession',
        input: ({ context }) => context.signedIn!,
        // A device that cannot store the offline session still signs in: the session works.
        onDone: { target: 'success', actions: assign({ successMessage: MSG.loginSuccess }) },
        onError: { target: 'success', actions: assign({ successMessage: MSG.loginSuccess }) },
      },
    },

    communityOpen: {
      entry: ['rememberCommunity', assign({ successMessage: MSG.communityLoginSuccess })],
      always: 'success',
    },

    success: {
      entry: [
        assign({ password: '', communityPassword: '' }),
        { type: 'announce', params: ({ context }) => ({ message: context.successMessage ?? MSG.loginSuccess }) },
      ],
      after: { redirect: 'done' },
    },

    done: {
      type: 'final',
      entry: 'redirect',
    },
  },
});
