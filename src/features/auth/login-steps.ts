// What every step of the sign-in page receives: the machine's snapshot and its send.
import type { SnapshotFrom } from 'xstate';
import type { LoginEvent, loginMachine } from './login.machine';

export interface StepProps {
  state: SnapshotFrom<typeof loginMachine>;
  send: (event: LoginEvent) => void;
}
