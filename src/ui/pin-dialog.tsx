// The one Pin dialog (a duration of at least 1 and a unit, or unpin after a confirmation),
// shared by the roster (students) and the stories lists (stories). The caller
// says who is pinned and provides `apply`, its own queued command; the pin machine does the rest.
import { useMachine } from '@xstate/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ROSTER_MSG } from '@/contract/messages';
import { useKnown } from '@/i18n/known';
import { fromPromise } from 'xstate';
import { PIN_UNITS, pinnedMessage, type PinUnit } from '@/contract/roster';
import { toast } from './toast';
import { ConfirmDialog, Dialog } from './dialog';
import { pinMachine, validDuration, type PinRequest } from './pin.machine';
import { pinnedText } from './pin-duration';

const UNIT_NAMES = {
  minutes: msg`Minutes`,
  hours: msg`Hours`,
  days: msg`Days`,
  weeks: msg`Weeks`,
  months: msg`Months`,
  years: msg`Years`,
} as const;

/** The machine says the pin in English (the server's words too); the toast says it in the reader's language. */
function pinnedInWords(message: string, duration: string, unit: PinUnit): string {
  const n = validDuration(duration);
  return n !== null && message === pinnedMessage(ROSTER_MSG.pinned, n, unit) ? pinnedText(n, unit) : message;
}

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
      actions: { announce: ({ context }, p) => toast(p.kind, pinnedInWords(p.message, context.duration, context.unit)) },
    }),
  );
  const { t, i18n } = useLingui();
  const known = useKnown();
  if (state.matches('done')) {
    queueMicrotask(onClose);
    return null;
  }
  if (state.matches('confirmingUnpin')) {
    return (
      <ConfirmDialog
        title={t`Unpin`}
        message={t`Unpin ${who}?`}
        confirm={t`Unpin`}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'CANCEL' })}
      />
    );
  }
  const { duration, unit, error } = state.context;
  return (
    <Dialog title={t`Pin ${who}`} onClose={onClose}>
      <form
        className="pin-form"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'PIN' });
        }}
      >
        <label htmlFor="pin-duration">
          <Trans>Duration</Trans>
        </label>
        <input
          id="pin-duration"
          type="number"
          min={1}
          step={1}
          value={duration}
          aria-invalid={!!error}
          onChange={(e) => send({ type: 'SET_DURATION', value: e.target.value })}
        />
        <label htmlFor="pin-unit">
          <Trans>Unit</Trans>
        </label>
        <select id="pin-unit" value={unit} onChange={(e) => send({ type: 'SET_UNIT', unit: e.target.value as PinUnit })}>
          {PIN_UNITS.map((u) => (
            <option key={u} value={u}>
              {i18n._(UNIT_NAMES[u])}
            </option>
          ))}
        </select>
        {error ? (
          <p className="roster-error" role="alert">
            {known(error)}
          </p>
        ) : null}
        <div className="roster-actions">
          <button type="button" className="button button-secondary" onClick={() => send({ type: 'UNPIN' })}>
            <Trans>Unpin</Trans>
          </button>
          <button type="submit" className="button" disabled={state.matches('pinning')}>
            <Trans>Pin</Trans>
          </button>
        </div>
      </form>
    </Dialog>
  );
}
