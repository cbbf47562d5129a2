// The step machine of the story writer: resuming at a saved step, moving on and back, jumping
// from the step list, sending (and a refused send going back to the last step with the reason).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { writerMachine, type WriterEvent } from '@/features/story-writer/writer.machine';

function run(step: number, events: WriterEvent[]) {
  const actor = createActor(writerMachine, { input: { step } }).start();
  const path = [String(actor.getSnapshot().value)];
  for (const e of events) {
    actor.send(e);
    path.push(String(actor.getSnapshot().value));
  }
  return { path, snapshot: actor.getSnapshot() };
}

describe('story writer steps', () => {
  it('walks a new story through the four steps to sent', () => {
    const { path, snapshot } = run(1, [{ type: 'NEXT' }, { type: 'NEXT' }, { type: 'NEXT' }, { type: 'SUBMIT' }, { type: 'SENT' }]);
    expect(path).toEqual(['title', 'story', 'about', 'audience', 'sending', 'sent']);
    expect(snapshot.context.step).toBe(4);
  });

  it('resumes at the saved step (out-of-range steps are clamped)', () => {
    expect(run(3, []).path).toEqual(['about']);
    expect(run(9, []).path).toEqual(['audience']);
    expect(run(0, []).path).toEqual(['title']);
  });

  it('goes back, and jumps from the step list, recording the step', () => {
    const { path, snapshot } = run(2, [{ type: 'BACK' }, { type: 'BACK' }, { type: 'GOTO', step: 4 }, { type: 'GOTO', step: 2 }]);
    expect(path).toEqual(['story', 'title', 'title', 'audience', 'story']);
    expect(snapshot.context.step).toBe(2);
  });

  it('cannot send before the last step; a refused send returns to it with the reason', () => {
    const { path, snapshot } = run(2, [
      { type: 'SUBMIT' },
      { type: 'NEXT' },
      { type: 'NEXT' },
      { type: 'SUBMIT' },
      { type: 'FAILED', message: 'Give your story a title before you send it.' },
    ]);
    expect(path).toEqual(['story', 'story', 'about', 'audience', 'sending', 'audience']);
    expect(snapshot.context.error).toBe('Give your story a title before you send it.');
  });

  it('a sent story can be opened again for editing', () => {
    expect(run(4, [{ type: 'SUBMIT' }, { type: 'SENT' }, { type: 'EDIT' }]).path).toEqual(['audience', 'sending', 'sent', 'story']);
  });
});
