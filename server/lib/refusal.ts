// A worker task's "no" (cpu-tasks.ts): the status and words its request is answered with. Plain
// data, since only that crosses between threads; cpu-pool.ts turns it into a CpuRefusal.

export interface Refusal {
  refused: { status: 400 | 413 | 415 | 422; message: string };
}

export const refuse = (status: Refusal['refused']['status'], message: string): Refusal => ({ refused: { status, message } });
