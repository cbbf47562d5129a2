// Registration: the form, then the success screen. The form's values
// are checked by the same schema the server uses; submitting and its outcome live here, the
// network and the toasts are named so tests can provide fakes.
import { assign, fromPromise, setup } from 'xstate';
import { RegistrationRequest, type RegistrationInput } from '@/contract/registration';
import { MSG } from '@/contract/messages';

export interface Registered {
  message: string;
  subdomain: string;
  site: string;
}

export interface RegistrationContext {
  error: string | null;
  result: Registered | null;
}

export type RegistrationEvent = { type: 'SUBMIT'; values: RegistrationInput; invitation?: string } | { type: 'EDIT' };

const failure = (error: unknown) => (error instanceof Error && error.message) || MSG.registrationFailed;

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
  },
  actors: {
    register: fromPromise<Registered, { values: RegistrationInput; invitation?: string }>(async () => {
      throw new Error('register is provided by the page');
    }),
  },
  actions: {
    announce: (_, _params: { message: string; kind: 'success' | 'error' }) => {},
  },
  guards: {
    valid: ({ event }) => event.type === 'SUBMIT' && RegistrationRequest.safeParse(event.values).success,
  },
}).createMachine({
  id: 'registration',
  context: { error: null, result: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: { guard: 'valid', target: 'submitting' },
        EDIT: { actions: assign({ error: null }) },
      },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'register',
        input: ({ event }) =>
          event.type === 'SUBMIT' ? { values: event.values, invitation: event.invitation } : { values: {} as RegistrationInput },
        onDone: {
          target: 'registered',
          actions: [
            assign({ result: ({ event }) => event.output }),
            {
              type: 'announce',
              params: ({ event }) => ({ message: event.output.message || MSG.registrationSuccess, kind: 'success' as const }),
            },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => failure(event.error) }),
            { type: 'announce', params: ({ event }) => ({ message: failure(event.error), kind: 'error' as const }) },
          ],
        },
      },
    },
    registered: { type: 'final' },
  },
});
