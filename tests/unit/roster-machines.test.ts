// The roster's flows as machines: bulk add (input, review, submit, Back to Input), CSV import
// (choose, upload, success, with the spec's file checks) and pin (duration and unit, confirmed
// unpin). Each is driven through its events with fake actors; tests assert state paths.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ROSTER_MSG } from '@/contract/messages';
import { parseNames, pinExpiry, type StudentName } from '@/contract/roster';
import { bulkAddMachine } from '@/features/roster/bulk-add.machine';
import { csvImportMachine, type ChosenFile } from '@/features/roster/csv-import.machine';
import { pinMachine, type PinRequest } from '@/ui/pin.machine';

describe('names typed for a bulk add', () => {
  it('splits lines and commas; first word first name, the rest last name; drops empty entries', () => {
    expect(parseNames('Amara Okafor\nZoe  van der Berg, Kai\n\n ,  ')).toEqual([
      { first_name: 'Amara', last_name: 'Okafor' },
      { first_name: 'Zoe', last_name: 'van der Berg' },
      { first_name: 'Kai', last_name: '' },
    ]);
  });
});

describe('bulk add machine', () => {
  const withSave = (save: (rows: StudentName[]) => Promise<void>, said: { message: string; kind: string }[]) =>
    bulkAddMachine.provide({
      actors: { save: fromPromise<void, { rows: StudentName[] }>(({ input }) => save(input.rows)) },
      actions: { announce: (_, params) => said.push(params) },
    });

  it('needs at least one student before review', () => {
    const actor = createActor(withSave(async () => undefined, [])).start();
    actor.send({ type: 'TYPE', text: ' , \n' });
    actor.send({ type: 'REVIEW' });
    expect(actor.getSnapshot().value).toBe('input');
    expect(actor.getSnapshot().context.error).toBe('Please add at least one student');
  });

  it('reviews editable, removable rows, goes Back to Input and submits what is left', async () => {
    const said: { message: string; kind: string }[] = [];
    const saved: StudentName[][] = [];
    const actor = createActor(withSave(async (rows) => void saved.push(rows), said)).start();
    actor.send({ type: 'TYPE', text: 'Amara Okafor, Nia Long\nKai' });
    actor.send({ type: 'REVIEW' });
    expect(actor.getSnapshot().value).toBe('review');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('input');
    expect(actor.getSnapshot().context.text).toBe('Amara Okafor, Nia Long\nKai');
    actor.send({ type: 'REVIEW' });
    actor.send({ type: 'EDIT_ROW', index: 2, row: { first_name: 'Kai', last_name: 'Moana' } });
    actor.send({ type: 'REMOVE_ROW', index: 1 });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(saved).toEqual([
      [
        { first_name: 'Amara', last_name: 'Okafor' },
        { first_name: 'Kai', last_name: 'Moana' },
      ],
    ]);
    expect(said).toEqual([{ message: 'Students added successfully!', kind: 'success' }]);
    actor.send({ type: 'RESTART' });
    expect(actor.getSnapshot().context).toEqual({ text: '', rows: [], error: null });
  });

  it('refuses to submit when every row was removed, and returns to review on failure', async () => {
    const said: { message: string; kind: string }[] = [];
    const actor = createActor(withSave(async () => Promise.reject(new Error('')), said)).start();
    actor.send({ type: 'TYPE', text: 'Amara Okafor' });
    actor.send({ type: 'REVIEW' });
    actor.send({ type: 'REMOVE_ROW', index: 0 });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('review');
    expect(actor.getSnapshot().context.error).toBe('Please add at least one student');
    actor.send({ type: 'BACK' });
    actor.send({ type: 'REVIEW' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('review') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Failed to add students. Please try again.');
    expect(said.at(-1)).toEqual({ message: 'Failed to add students. Please try again.', kind: 'error' });
  });
});

describe('CSV import machine', () => {
  const file = (name: string, size = 10, type = 'text/csv'): ChosenFile => ({ name, type, size, data: new ArrayBuffer(0) });
  const machine = (read: () => Promise<StudentName[] | null>, upload: () => Promise<void> = async () => undefined, said: unknown[] = []) =>
    csvImportMachine.provide({
      actors: { read: fromPromise(read), upload: fromPromise(upload) },
      actions: { announce: (_, params) => said.push(params) },
    });

  it.each([
    [file('class.txt', 10, 'text/plain'), 'Please upload a valid CSV file.'],
    [file('class.csv', 5 * 1024 * 1024 + 1), 'File size exceeds 5MB limit.'],
  ])('refuses %o with the spec message', (f, message) => {
    const actor = createActor(machine(async () => [])).start();
    actor.send({ type: 'CHOOSE', file: f });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.error).toBe(message);
  });

  it('refuses a file without the name columns, or with no students', async () => {
    const noColumns = createActor(machine(async () => null)).start();
    noColumns.send({ type: 'CHOOSE', file: file('a.csv') });
    await waitFor(noColumns, (s) => s.matches('choosing') && !!s.context.error);
    expect(noColumns.getSnapshot().context.error).toBe('The CSV file needs a first name and a last name column.');
    const empty = createActor(machine(async () => [])).start();
    empty.send({ type: 'CHOOSE', file: file('a.csv') });
    await waitFor(empty, (s) => s.matches('choosing') && !!s.context.error);
    expect(empty.getSnapshot().context.error).toBe('The CSV file has no students in it.');
  });

  it('chooses, uploads and shows success; a failed upload stays on the chosen file', async () => {
    const said: { message: string }[] = [];
    let fail = true;
    const actor = createActor(
      machine(
        async () => [{ first_name: 'Ola', last_name: 'Nordmann' }],
        async () => {
          if (fail) throw new Error('');
        },
        said,
      ),
    ).start();
    actor.send({ type: 'CHOOSE', file: file('class.csv') });
    await waitFor(actor, (s) => s.matches('chosen'));
    expect(actor.getSnapshot().context.names).toHaveLength(1);
    actor.send({ type: 'UPLOAD' });
    await waitFor(actor, (s) => s.matches('chosen') && !!s.context.error);
    expect(actor.getSnapshot().context.error).toBe(ROSTER_MSG.csvFailed);
    fail = false;
    actor.send({ type: 'UPLOAD' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(said.at(-1)).toMatchObject({ message: 'CSV file uploaded successfully! All student accounts have been registered.' });
  });
});

describe('pin machine', () => {
  const machine = (applied: PinRequest[], said: unknown[] = [], ok = true) =>
    pinMachine.provide({
      actors: {
        apply: fromPromise<void, PinRequest>(async ({ input }) => {
          applied.push(input);
          if (!ok) throw new Error('offline');
        }),
      },
      actions: { announce: (_, params) => said.push(params) },
    });

  it('defaults to 1 day and pins for the chosen duration', async () => {
    const applied: PinRequest[] = [];
    const said: unknown[] = [];
    const actor = createActor(machine(applied, said)).start();
    expect(actor.getSnapshot().context).toMatchObject({ duration: '1', unit: 'days' });
    actor.send({ type: 'SET_DURATION', value: '3' });
    actor.send({ type: 'SET_UNIT', unit: 'weeks' });
    actor.send({ type: 'PIN' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(applied).toEqual([{ duration: 3, unit: 'weeks' }]);
    expect(said).toEqual([{ message: 'Content pinned for 3 weeks', kind: 'success' }]);
  });

  it('says the default pin in the singular: "Content pinned for 1 day"', async () => {
    const said: unknown[] = [];
    const actor = createActor(machine([], said)).start();
    actor.send({ type: 'PIN' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(said).toEqual([{ message: 'Content pinned for 1 day', kind: 'success' }]);
  });

  it.each(['0', '-2', '1.5', '', 'abc'])('refuses the duration %j', (value) => {
    const applied: PinRequest[] = [];
    const actor = createActor(machine(applied)).start();
    actor.send({ type: 'SET_DURATION', value });
    actor.send({ type: 'PIN' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.error).toBeTruthy();
    expect(applied).toEqual([]);
  });

  it('asks before unpinning; cancel changes nothing, confirm unpins', async () => {
    const applied: PinRequest[] = [];
    const said: unknown[] = [];
    const actor = createActor(machine(applied, said)).start();
    actor.send({ type: 'UNPIN' });
    expect(actor.getSnapshot().value).toBe('confirmingUnpin');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'UNPIN' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(applied).toEqual([null]);
    expect(said).toEqual([{ message: 'Content unpinned successfully!', kind: 'success' }]);
  });

  it('says the pin failed when the change cannot be saved', async () => {
    const actor = createActor(machine([], [], false)).start();
    actor.send({ type: 'PIN' });
    await waitFor(actor, (s) => s.matches('choosing') && !!s.context.error);
    expect(actor.getSnapshot().context.error).toBe('Failed to update content pin status. Please try again.');
  });

  it('computes expiry as now plus the duration, months and years by the calendar', () => {
    const now = new Date('2026-01-31T10:00:00Z');
    expect(pinExpiry(now, 90, 'minutes').toISOString()).toBe('2026-01-31T11:30:00.000Z');
    expect(pinExpiry(now, 1, 'days').toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(pinExpiry(now, 2, 'weeks').toISOString()).toBe('2026-02-14T10:00:00.000Z');
    expect(pinExpiry(now, 1, 'years').toISOString()).toBe('2027-01-31T10:00:00.000Z');
    expect(pinExpiry(now, 1, 'months').getUTCMonth()).toBe(2); // 31 January + 1 month rolls into March
  });
});
