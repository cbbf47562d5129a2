// CSV import: choose a file (it must be CSV, at most 5 MB, with first
// and last name columns), upload it, then the success screen. Reading the file is the named actor
// `read` (papaparse, loaded only here), uploading is `upload` (the roster command that queues
// the file itself when offline), so tests provide fakes for both.
import { assign, fromPromise, setup } from 'xstate';
import { ROSTER_MSG, ROSTER_OWN_MSG } from '@/contract/messages';
import { CSV_MAX_BYTES, isCsvFile, type StudentName } from '@/contract/roster';

export interface ChosenFile {
  name: string;
  type: string;
  size: number;
  data: ArrayBuffer;
}

export interface CsvContext {
  file: ChosenFile | null;
  names: StudentName[];
  error: string | null;
}

export type CsvEvent = { type: 'CHOOSE'; file: ChosenFile } | { type: 'UPLOAD' } | { type: 'CLEAR' } | { type: 'RESTART' };

/** The spec's check before anything is read: the type first, then the size. */
export function fileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!isCsvFile(file)) return ROSTER_MSG.csvNotCsv;
  if (file.size > CSV_MAX_BYTES) return ROSTER_MSG.csvTooBig;
  return null;
}

const failure = (error: unknown, fallback: string) => (error instanceof Error && error.message) || fallback;

export const csvImportMachine = setup({
  types: { context: {} as CsvContext, events: {} as CsvEvent },
  actors: {
    read: fromPromise<StudentName[] | null, { file: ChosenFile }>(async () => {
      throw new Error('read is provided by the screen');
    }),
    upload: fromPromise<void, { file: ChosenFile; names: StudentName[] }>(async () => {
      throw new Error('upload is provided by the screen');
    }),
  },
  actions: {
    announce: (_, _params: { message: string; kind: 'success' | 'error' }) => {},
  },
  guards: {
    acceptable: ({ event }) => event.type === 'CHOOSE' && fileProblem(event.file) === null,
  },
}).createMachine({
  id: 'csvImport',
  context: { file: null, names: [], error: null },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        CHOOSE: [
          { guard: 'acceptable', target: 'reading', actions: assign({ file: ({ event }) => event.file, error: null }) },
          { actions: assign({ file: null, names: [], error: ({ event }) => fileProblem(event.file) }) },
        ],
      },
    },
    reading: {
      invoke: {
        src: 'read',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          {
            guard: ({ event }) => event.output === null,
            target: 'choosing',
            actions: assign({ file: null, error: ROSTER_OWN_MSG.csvColumns }),
          },
          {
            guard: ({ event }) => event.output!.length === 0,
            target: 'choosing',
            actions: assign({ file: null, error: ROSTER_OWN_MSG.csvEmpty }),
          },
          { target: 'chosen', actions: assign({ names: ({ event }) => event.output! }) },
        ],
        onError: { target: 'choosing', actions: assign({ file: null, error: ({ event }) => failure(event.error, ROSTER_MSG.csvFailed) }) },
      },
    },
    chosen: {
      on: {
        UPLOAD: 'uploading',
        CLEAR: { target: 'choosing', actions: assign({ file: null, names: [], error: null }) },
        CHOOSE: [
          { guard: 'acceptable', target: 'reading', actions: assign({ file: ({ event }) => event.file, error: null }) },
          { target: 'choosing', actions: assign({ file: null, names: [], error: ({ event }) => fileProblem(event.file) }) },
        ],
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ file: context.file!, names: context.names }),
        onDone: { target: 'success', actions: { type: 'announce', params: { message: ROSTER_MSG.csvUploaded, kind: 'success' } } },
        onError: {
          target: 'chosen',
          actions: [
            assign({ error: ({ event }) => failure(event.error, ROSTER_MSG.csvFailed) }),
            { type: 'announce', params: ({ event }) => ({ message: failure(event.error, ROSTER_MSG.csvFailed), kind: 'error' as const }) },
          ],
        },
      },
    },
    success: {
      on: { RESTART: { target: 'choosing', actions: assign({ file: null, names: [], error: null }) } },
    },
  },
});
