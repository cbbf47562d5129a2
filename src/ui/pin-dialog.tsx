// The one Pin dialog (a duration of at least 1 and a unit, or unpin after a confirmation),
// shared by the roster (students) and the stories lists (stories). The caller
// says who is pinned and provides `apply`, its own queued command; the pin machine does the rest.
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { PIN_UNITS, type PinUnit } from '@/contract/roster';
import { toast } from './toast';
import { ConfirmDialog, Dialog } from './dialog';
import { pinMachine, type PinRequest } from './pin.machine';

export interface PinDialogProps {
  /** Who or what is pinned, as the title says it: "Amara Okafor", "3 students", "2 stories". */
  who: string;
  /** Pins until now + duration (a request), or unpins (null). */
  apply: (pin: PinRequest) => Promise<unknown>;
  onClose: () => void;
}

export function PinDialog({ who, apply, onClose }: PinDialogProps) {
  const [state, send] = useMachine(
    pinMachine.provide({
      actors: {
        apply: fromPromise<void, PinRequest>(async ({ input }) => {
          await apply(input);
        }),
      },
      actions: { announce: (_, p) => toast(p.kind, p.message) },
    }),
  );
  if (state.matches('done')) {
    queueMicrotask(onClose);
    return null;
  }
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
        <input
          id="pin-duration"
          type="number"
          min={1}
          step={1}
          value={duration}
          aria-invalid={!!error}
          onChange={(e) => send({ type: 'SET_DURATION', value: e.target.value })}
        />
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
