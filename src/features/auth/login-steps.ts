// What every step of the sign-in page receives: the machine's snapshot and its send.
import type { SnapshotFrom } from 'xstate';
import type { LoginEvent, loginMachine } from './login.machine';

export interface StepProps {
  state: SnapshotFrom<typeof loginMachine>;
  send: (event: LoginEvent) => void;
  /** The user has moved on from the first step: each new step takes focus. */
  moved: boolean;
}
