// The step-by-step writer (/uploadblogsteps): 1 title and cover, 2 the story, 3 what it is
// about, 4 who may read it and send. A resumed story opens at its saved step; the child moves
// on and back, jumps to any step from the step list, and sending ends in `sent` (queued on the
// device when offline, which the screen says).
import { assign, setup } from 'xstate';

export const STEPS = ['title', 'story', 'about', 'audience'] as const;
export type StepName = (typeof STEPS)[number];

export type WriterEvent =
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'GOTO'; step: number }
  | { type: 'SUBMIT' }
  | { type: 'SENT' }
  | { type: 'FAILED'; message: string }
  | { type: 'EDIT' };

const clampStep = (n: number) => Math.min(4, Math.max(1, Math.trunc(n) || 1));
const goto = (step: number) => ({
  guard: ({ event }: { event: WriterEvent }) => event.type === 'GOTO' && clampStep(event.step) === step,
  target: `.${STEPS[step - 1]}`,
});

export const writerMachine = setup({
  types: {
    context: {} as { step: number; error: string | null },
    input: {} as { step: number },
    events: {} as WriterEvent,
  },
  actions: { clearError: assign({ error: null }) },
}).createMachine({
  id: 'storyWriter',
  context: ({ input }) => ({ step: clampStep(input.step), error: null }),
  initial: 'resume',
  on: { GOTO: [1, 2, 3, 4].map(goto) },
  states: {
    resume: {
      always: STEPS.map((name, i) => ({ guard: ({ context }: { context: { step: number } }) => context.step === i + 1, target: name })),
    },
    title: { entry: assign({ step: 1 }), on: { NEXT: 'story' } },
    story: { entry: assign({ step: 2 }), on: { NEXT: 'about', BACK: 'title' } },
    about: { entry: assign({ step: 3 }), on: { NEXT: 'audience', BACK: 'story' } },
    audience: { entry: assign({ step: 4 }), on: { BACK: 'about', SUBMIT: { target: 'sending', actions: 'clearError' } } },
    sending: {
      on: {
        SENT: 'sent',
        FAILED: { target: 'audience', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    sent: { on: { EDIT: 'story' } },
  },
});
