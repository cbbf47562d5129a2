// `npm run bench:stall`: no upload or page can stall every school. Starts the real server (PGlite,
// the demo data), signs in a child and a school admin, then sends each input of
// tests/support/stall-inputs.ts (a 4.9 MB SVG logo and one at the logo's limit, a "PDF" full of
// `trailer` at 5 MB and at the upload's 50 MB limit, a PNG of 16,383² and one of 6,300² pixels, a
// book draft of as many pages as one change carries saved and read, a 200 KB content page read by
// many visitors at once) one at a time, while /api/health is asked every 50 ms from this process.
// Prints one JSON object: per input, its answer's status and time and health's slowest and 99th
// percentile answer meanwhile.
//
// Budget: health answers within 250 ms throughout, and every request is answered (accepted or
// refused: any status below 500) within the server's request deadline (REQUEST_TIMEOUT_MS, 20 s).
// A missed budget makes the exit code 1.
import http from 'node:http';
import { startFreshServer } from '../scripts/serve-fresh';
import { encodeStep, stallInputs, type StallStep } from '../tests/support/stall-inputs';
import { report, requestOver, type HttpAnswer } from './harness';

const HEALTH_EVERY_MS = 50;
const HEALTH_BUDGET_MS = 250;
const DEADLINE_MS = 20_000;
/** Visitors reading the content page at once, and how many reads in all. */
const READERS = 10;
const READS = Number(process.env.STALL_READS ?? 200);
/** A folder for the server's V8 CPU profile (--cpu-prof), written when it stops: what still runs on the loop. */
const PROFILE_DIR = process.env.STALL_PROFILE_DIR;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request to the server on the site's Host; answered after at most twice the deadline. */
const request = (port: number, host: string, method: string, path: string, headers: Record<string, string>, body?: Uint8Array | string) =>
  requestOver(agent, port, host, method, path, headers, body, DEADLINE_MS * 2);

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (ms: number) => Math.round(ms);
const messageOf = (body: unknown) =>
  String(typeof body === 'object' && body && 'message' in body ? body.message : (body ?? '')).slice(0, 160);

async function main() {
  const server = await startFreshServer({}, PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []);
  const port = server.port;
  const greenfield = 'greenfield.localhost';
  try {
    const signIn = async (username: string, password: string) => {
      const res = await request(
        port,
        greenfield,
        'POST',
        '/api/auth/token/',
        { 'content-type': 'application/json' },
        JSON.stringify({ username, password }),
      );
      if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as { access: string }).access;
    };
    const tokens: Record<StallStep['caller'], string | undefined> = {
      anonymous: undefined,
      student: await signIn('amara.okafor', 'kite-7'),
      school_admin: await signIn('head@greenfield.example', 'Head-demo-1'),
    };
    // Health, asked every 50 ms whatever the last one is doing: a stalled loop shows as slow answers.
    const health: { at: number; ms: number; status: number }[] = [];
    const pending = new Set<Promise<void>>();
    const poller = setInterval(() => {
      const at = performance.now();
      const p = request(port, greenfield, 'GET', '/api/health', {}).then((a) => {
        health.push({ at, ms: a.ms, status: a.status });
        pending.delete(p);
      });
      pending.add(p);
    }, HEALTH_EVERY_MS);

    const rows: Record<string, unknown>[] = [];
    let allAnswered = true;
    let healthWithin = true;
    for (const input of stallInputs(Date.now().toString(16), { reads: READS })) {
      for (const step of input.steps) {
        const { body, type } = await encodeStep(step);
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        const token = tokens[step.caller];
        if (token) headers.authorization = `Bearer ${token}`;
        const send = () => request(port, greenfield, step.method, `/api${step.path}`, headers, body);
        const from = performance.now();
        let answers: HttpAnswer[];
        if (step.repeat) {
          answers = [];
          let left = step.repeat;
          await Promise.all(
            Array.from({ length: READERS }, async () => {
              while (left-- > 0) answers.push(await send());
            }),
          );
        } else answers = [await send()];
        // Health asked while the step ran (those still out are waited for: a slow one counts).
        const until = performance.now();
        await Promise.all(pending);
        const during = health.filter((h) => h.at >= from && h.at <= until);
        const healthMs = during.map((h) => h.ms);
        const statuses = [...new Set(answers.map((a) => a.status))];
        const slowest = Math.max(...answers.map((a) => a.ms));
        const answered = answers.every((a) => a.status > 0 && a.status < 500 && a.ms <= DEADLINE_MS);
        const healthMaxMs = Math.max(0, ...healthMs);
        allAnswered &&= answered;
        healthWithin &&= healthMaxMs <= HEALTH_BUDGET_MS && during.every((h) => h.status === 200);
        rows.push({
          input: `${input.name}: ${step.label}`,
          request: `${step.method} /api${step.path}`,
          status: statuses.length === 1 ? statuses[0] : statuses,
          ...(step.repeat ? { requests: answers.length, totalMs: round(until - from) } : {}),
          ms: round(slowest),
          healthCalls: healthMs.length,
          healthMaxMs: round(healthMaxMs),
          healthP99Ms: round(percentile(healthMs, 99)),
          expected: answers.every((a) => step.expect.includes(a.status)),
          answered,
          ...(answers[0]!.status >= 400 ? { message: messageOf(answers[0]!.body) } : {}),
        });
      }
    }
    clearInterval(poller);
    await Promise.all(pending);
    const all = health.map((h) => h.ms);
    report(
      'stall',
      {
        budget: { healthMaxMs: HEALTH_BUDGET_MS, deadlineMs: DEADLINE_MS, healthEveryMs: HEALTH_EVERY_MS },
        inputs: rows,
        health: { calls: all.length, maxMs: round(Math.max(0, ...all)), p99Ms: round(percentile(all, 99)) },
        pass: allAnswered && healthWithin,
      },
      { healthWithin250ms: healthWithin, everyRequestAnsweredInTime: allAnswered },
    );
  } finally {
    agent.destroy();
    await server.stop();
  }
}

await main();
