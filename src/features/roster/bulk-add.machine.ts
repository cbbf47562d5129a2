// Bulk student add: type names (one per line or comma-separated),
// review them as editable, removable rows, then submit. Back to Input keeps the text. Saving is
// the named actor `save` (the screen provides the roster command), so tests provide a fake.
import { assign, fromPromise, setup } from 'xstate';
import { ROSTER_MSG } from '@/contract/messages';
import { parseNames, type StudentName } from '@/contract/roster';

export interface BulkAddContext {
  text: string;
  rows: StudentName[];
  error: string | null;
}

export type BulkAddEvent =
  | { type: 'TYPE'; text: string }
  | { type: 'REVIEW' }
  | { type: 'EDIT_ROW'; index: number; row: StudentName }
  | { type: 'REMOVE_ROW'; index: number }
  | { type: 'BACK' }
  | { type: 'SUBMIT' }
  | { type: 'RESTART' };

/** Rows the server would take: a first name each (an emptied row is dropped on submit). */
const named = (rows: StudentName[]) =>
  rows.map((r) => ({ first_name: r.first_name.trim(), last_name: r.last_name.trim() })).filter((r) => r.first_name);

const failure = (error: unknown) => (error instanceof Error && error.message) || ROSTER_MSG.addFailed;

export const bulkAddMachine = setup({
  types: { context: {} as BulkAddContext, events: {} as BulkAddEvent },
  actors: {
    save: fromPromise<void, { rows: StudentName[] }>(async () => {
      throw new Error('save is provided by the screen');
    }),
  },
  actions: {
    announce: (_, _params: { message: string; kind: 'success' | 'error' }) => {},
  },
  guards: {
    hasNames: ({ context }) => parseNames(context.text).length > 0,
    hasRows: ({ context }) => named(context.rows).length > 0,
  },
}).createMachine({
  id: 'bulkAdd',
  context: { text: '', rows: [], error: null },
  initial: 'input',
  states: {
    input: {
      on: {
        TYPE: { actions: assign({ text: ({ event }) => event.text, error: null }) },
        REVIEW: [
          { guard: 'hasNames', target: 'review', actions: assign({ rows: ({ context }) => parseNames(context.text), error: null }) },
          { actions: assign({ error: ROSTER_MSG.addAtLeastOne }) },
        ],
      },
    },
    review: {
      on: {
        EDIT_ROW: { actions: assign({ rows: ({ context, event }) => context.rows.map((r, i) => (i === event.index ? event.row : r)) }) },
        REMOVE_ROW: { actions: assign({ rows: ({ context, event }) => context.rows.filter((_, i) => i !== event.index) }) },
        BACK: { target: 'input', actions: assign({ error: null }) },
        SUBMIT: [{ guard: 'hasRows', target: 'submitting' }, { actions: assign({ error: ROSTER_MSG.addAtLeastOne }) }],
      },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'save',
        input: ({ context }) => ({ rows: named(context.rows) }),
        onDone: { target: 'done', actions: { type: 'announce', params: { message: ROSTER_MSG.added, kind: 'success' } } },
        onError: {
          target: 'review',
          actions: [
            assign({ error: ({ event }) => failure(event.error) }),
            { type: 'announce', params: ({ event }) => ({ message: failure(event.error), kind: 'error' as const }) },
          ],
        },
      },
    },
    done: {
      on: { RESTART: { target: 'input', actions: assign({ text: '', rows: [], error: null }) } },
    },
  },
});
