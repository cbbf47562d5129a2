// Pin one or many students for a duration, or unpin them after a confirmation (pin machine).
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { StudentRecord } from '@/data/db';
import { PIN_UNITS, type PinUnit } from '@/contract/roster';
import { toast } from '@/ui/toast';
import { ConfirmDialog, Dialog } from './dialog';
import { pinMachine, type PinRequest } from './pin.machine';
import { pinStudents } from './roster-commands';

export function PinDialog({ students, onClose }: { students: StudentRecord[]; onClose: () => void }) {
  const [state, send] = useMachine(
    pinMachine.provide({
      actors: { apply: fromPromise<void, PinRequest>(({ input }) => pinStudents(students, input)) },
      actions: { announce: (_, p) => toast(p.kind, p.message) },
    }),
  );
  if (state.matches('done')) {
    queueMicrotask(onClose);
    return null;
  }
  const who = students.length === 1 ? `${students[0]!.first_name} ${students[0]!.last_name}` : `${students.length} students`;
  if (state.matches('confirmingUnpin')) {
    return (
      <ConfirmDialog
        title="Unpin"
        message={`Unpin ${who}?`}
        confirm="Unpin"
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
    );
  }
  const { duration, unit, error } = state.context;
  return (
    <Dialog title={`Pin ${who}`} onClose={onClose}>
      <form
        className="pin-form"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'PIN' });
        }}
      >
        <label htmlFor="pin-duration">Duration</label>
        <input id="pin-duration" type="number" min={1} step={1} value={duration} aria-invalid={!!error} onChange={(e) => send({ type: 'SET_DURATION', value: e.target.value })} />
        <label htmlFor="pin-unit">Unit</label>
        <select id="pin-unit" value={unit} onChange={(e) => send({ type: 'SET_UNIT', unit: e.target.value as PinUnit })}>
          {PIN_UNITS.map((u) => (
            <option key={u} value={u}>
              {u[0]!.toUpperCase() + u.slice(1)}
            </option>
          ))}
        </select>
        {error ? (
          <p className="roster-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="roster-actions">
          <button type="button" className="button button-secondary" onClick={() => send({ type: 'UNPIN' })}>
            Unpin
          </button>
          <button type="submit" className="button" disabled={state.matches('pinning')}>
            Pin
          </button>
        </div>
      </form>
    </Dialog>
  );
}
