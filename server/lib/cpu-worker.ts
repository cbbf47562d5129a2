// The worker pool's thread (cpu-pool.ts): runs one task of cpu-tasks.ts by its name. A program of
// its own in the build (scripts/build-state.mjs), so the built server starts it from dist-server/.
import * as tasks from './cpu-tasks';

/** Every task the pool runs, by the name a caller gives runCpu: each function cpu-tasks.ts exports. */
export type TaskName = keyof typeof tasks;

export default function run({ task, input }: { task: TaskName; input: unknown }) {
  return (tasks[task] as (input: unknown) => unknown)(input);
}
