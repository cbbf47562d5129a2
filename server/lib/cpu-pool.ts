// The worker pool for CPU-heavy work (cpu-tasks.ts): a costly input holds one worker thread, never
// the event loop that answers every school's requests (and /api/health) meanwhile. The pool has
// one thread per core the machine offers (at least two, so one slow task never queues all the
// others), and a bounded queue: when it is full a request is answered 503 with Retry-After at
// once, rather than waiting past its deadline. Each task has a time cap and each thread a memory
// cap; a task that passes either is ended and its request answered 422 (the input costs too much).
//
// Threads start with the first task and leave after a minute with none: a started thread holds
// about 120 MB (jsdom, sharp, pdf-lib and their heaps), so two kept warm doubled a server's memory
// at rest (PostgreSQL: 463 MB with them, 229 MB without) for work most minutes never ask for.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { WORK_MSG } from '../../src/contract/limits';
import type * as Tasks from './cpu-tasks';
import type { TaskName } from './cpu-worker';

/** A task the pool refused or ended, or whose input the task refused: answered with `status`. */
export class CpuRefusal extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 422 | 503,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const THREADS = Math.max(2, availableParallelism());
/** Tasks waiting for a thread, beyond those running: a few seconds of work each at most. */
const QUEUE = THREADS * 8;
/** Memory of one thread's JavaScript heap: a 300-page book renders in about 100 MB, a 50 MB PDF parses in about 300 MB. */
const HEAP_MB = 512;
/**
 * Default time cap of a task, in wall-clock time from when it is queued: an input at its limits
 * takes 1 to 2 s of CPU (a 5,000-element SVG, a 20,000-element page), several times that on a
 * loaded machine. A print-ready PDF of a long book gets more (its caller says).
 */
export const TASK_MS = 15_000;
const RETRY_AFTER_S = 5;

// Built, this names dist-server/cpu-worker.js (scripts/build.mjs points it there); unbuilt (tsx,
// vitest) it names the TypeScript file, which the thread loads through tsx's require hook.
// Worked out when the pool starts, not when this module loads: a test of the page's code under a
// browser-like environment imports the errors (and so this file) where import.meta.url is no file.
const workerFile = () => fileURLToPath(new URL('./cpu-worker.ts', import.meta.url));

let pool: Piscina | undefined;
/** The threads' first task: their start (loading jsdom, sharp...) is not counted in the first tasks' time cap. */
let started: Promise<unknown> | undefined;

function thePool(): Piscina {
  if (pool) return pool;
  const filename = workerFile();
  const typescript = filename.endsWith('.ts');
  pool = new Piscina({
    filename,
    minThreads: 0,
    maxThreads: THREADS,
    maxQueue: QUEUE,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 },
    ...(typescript ? { execArgv: ['--require', 'tsx/cjs'] } : {}),
  });
  started = Promise.all(Array.from({ length: THREADS }, () => pool!.run({ task: 'cleanHtml', input: '' }))).catch(() => undefined);
  return pool;
}

type Input<N extends TaskName> = Parameters<(typeof Tasks)[N]>[0];
type Output<N extends TaskName> = Exclude<Awaited<ReturnType<(typeof Tasks)[N]>>, Tasks.Refusal>;

/**
 * Runs a task in the pool and answers its result; throws CpuRefusal when the task refuses its
 * input, passes its time or memory cap, or the queue is full. `transfer`: buffers of the input
 * moved to the thread rather than copied (a 50 MB upload); they are unusable here afterwards.
 */
export async function runCpu<N extends TaskName>(
  name: N,
  input: Input<N>,
  options: { timeoutMs?: number; transfer?: ArrayBuffer[] } = {},
): Promise<Output<N>> {
  const p = thePool();
  await started;
  if (p.queueSize >= QUEUE) throw new CpuRefusal(503, WORK_MSG.busy, RETRY_AFTER_S);
  let result: unknown;
  try {
    result = await p.run(
      { task: name, input },
      { signal: AbortSignal.timeout(options.timeoutMs ?? TASK_MS), ...(options.transfer ? { transferList: options.transfer } : {}) },
    );
  } catch (err) {
    const e = err as { name?: string; code?: string; message?: string };
    if (/queue is at limit/i.test(e.message ?? '')) throw new CpuRefusal(503, WORK_MSG.busy, RETRY_AFTER_S);
    if (e.name === 'AbortError' || e.name === 'TimeoutError' || e.code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new CpuRefusal(422, WORK_MSG.tooCostly);
    throw err;
  }
  if (result && typeof result === 'object' && 'refused' in result) {
    const { status, message } = (result as Tasks.Refusal).refused;
    throw new CpuRefusal(status, message);
  }
  return result as Output<N>;
}

/** How busy the pool is (the metrics and the benchmark read it). */
export function cpuPoolState() {
  return { threads: pool?.threads.length ?? 0, queued: pool?.queueSize ?? 0, maxThreads: THREADS, maxQueue: QUEUE };
}

/** Starts the pool's threads now (a test's timing, which must not count their start); resolves when they run. */
export async function startCpuPool(): Promise<void> {
  thePool();
  await started;
}

/** Ends the pool's threads (at shutdown, and after a test file). */
export async function closeCpuPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
