// Pin: a pin needs a duration, an unpin a confirmation. Choose a duration (a whole number, at least
// 1, default 1) and a unit (minutes to years, default days), then pin until now + duration.
// Unpinning asks for confirmation first. The change itself is the named actor `apply` (the roster
// command).
import { assign, fromPromise, setup } from 'xstate';
import { ROSTER_MSG } from '@/contract/messages';
import { DEFAULT_PIN, PIN_UNITS, pinnedMessage, type PinUnit } from '@/contract/roster';

export interface PinContext {
  duration: string;
  unit: PinUnit;
  error: string | null;
}

export type PinEvent =
  | { type: 'SET_DURATION'; value: string }
  | { type: 'SET_UNIT'; unit: PinUnit }
  | { type: 'PIN' }
  | { type: 'UNPIN' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export type PinRequest = { duration: number; unit: PinUnit } | null;

/** The duration typed, as the spec allows it: a whole number of at least 1; else null. */
export function validDuration(text: string): number | null {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 ? n : null;
}

export const DURATION_ERROR = /*i18n*/ 'Please enter a whole number of at least 1.';

export const pinMachine = setup({
  types: { context: {} as PinContext, events: {} as PinEvent },
  actors: {
    apply: fromPromise<void, PinRequest>(async () => {
      throw new Error('apply is provided by the screen');
    }),
  },
  actions: {
    announce: (_, _params: { message: string; kind: 'success' | 'error' }) => {},
  },
  guards: {
    validDuration: ({ context }) => validDuration(context.duration) !== null,
  },
}).createMachine({
  id: 'pin',
  context: { duration: String(DEFAULT_PIN.duration), unit: DEFAULT_PIN.unit, error: null },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        SET_DURATION: { actions: assign({ duration: ({ event }) => event.value, error: null }) },
        SET_UNIT: {
          guard: ({ event }) => (PIN_UNITS as readonly string[]).includes(event.unit),
          actions: assign({ unit: ({ event }) => event.unit }),
        },
        PIN: [{ guard: 'validDuration', target: 'pinning' }, { actions: assign({ error: DURATION_ERROR }) }],
        UNPIN: 'confirmingUnpin',
      },
    },
    confirmingUnpin: {
      on: { CONFIRM: 'unpinning', CANCEL: 'choosing' },
    },
    pinning: {
      invoke: {
        src: 'apply',
        input: ({ context }) => ({ duration: validDuration(context.duration)!, unit: context.unit }),
        onDone: {
          target: 'done',
          actions: {
            type: 'announce',
            params: ({ context }) => ({
              message: pinnedMessage(ROSTER_MSG.pinned, validDuration(context.duration)!, context.unit),
              kind: 'success' as const,
            }),
          },
        },
        onError: {
          target: 'choosing',
          actions: [
            assign({ error: ROSTER_MSG.pinFailed }),
            { type: 'announce', params: { message: ROSTER_MSG.pinFailed, kind: 'error' } },
          ],
        },
      },
    },
    unpinning: {
      invoke: {
        src: 'apply',
        input: () => null,
        onDone: { target: 'done', actions: { type: 'announce', params: { message: ROSTER_MSG.unpinned, kind: 'success' } } },
        onError: {
          target: 'choosing',
          actions: [
            assign({ error: ROSTER_MSG.pinFailed }),
            { type: 'announce', params: { message: ROSTER_MSG.pinFailed, kind: 'error' } },
          ],
        },
      },
    },
    done: { type: 'final' },
  },
});
