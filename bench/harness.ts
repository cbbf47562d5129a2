// What every benchmark does: bundle its browser script, start the real server (PGlite, the
// benchmark seed), run the script in Chromium on the server's origin, and print one JSON object
// with the result and its targets. A missed target makes the exit code 1.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../scripts/chromium';
import { startFreshServer, type FreshServer } from '../scripts/serve-fresh';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface Benchmark<R extends object> {
  name: string;
  /** The browser script, relative to bench/browser; it sets `globalThis[global] = { run }`. */
  script: string;
  global: string;
  options: unknown;
  targets(result: R, server: ServerMemory): Record<string, boolean>;
  /** Figures read off the server process once the script is done. */
  serverFigures?(server: FreshServer): Record<string, unknown>;
}

/** A process's memory figure from /proc/PID/status (VmRSS: resident now; VmHWM: its peak), in MB. */
export function memoryMB(pid: number, figure: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const kB = new RegExp(`${figure}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kB ? Math.round(Number(kB[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/** The server's resident memory in MB: once ready, its peak while starting, and its peak while the script ran. */
export interface ServerMemory {
  restMB: number | null;
  startPeakMB: number | null;
  peakMB: number | null;
}

export async function runBenchmark<R extends object>(bench: Benchmark<R>): Promise<void> {
  const bundle = await build({
    entryPoints: [`${root}/bench/browser/${bench.script}`],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '@': `${root}/src` },
    loader: { '.css': 'empty' },
    logLevel: 'error',
  });
  // BENCH_PROFILE_DIR: the server's V8 CPU profile (--cpu-prof) is written there when it stops.
  const profile = process.env.BENCH_PROFILE_DIR;
  const server = await startFreshServer({ SEED_SCALE: 'bench' }, profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []);
  const memory: ServerMemory = { restMB: memoryMB(server.pid, 'VmRSS'), startPeakMB: memoryMB(server.pid, 'VmHWM'), peakMB: null };
  try {
    // The peak starts again from now (Linux: clear_refs 5): the start (seeding the benchmark's
    // data, the warm-up) is not the work measured.
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  } catch {
    memory.startPeakMB = null; // not reset here: the peak below includes the start
  }
  const browser = await chromium.launch(CHROMIUM);
  try {
    // The script runs on the server's origin without the app (which would start its own sync);
    // CSP is bypassed only to inject the bundle.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${server.url('greenfield')}/api/health`);
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const result = (await page.evaluate(
      ([global, options]) =>
        (globalThis as unknown as Record<string, { run(o: unknown): Promise<unknown> }>)[global as string]!.run(options),
      [bench.global, bench.options] as const,
    )) as R;
    memory.peakMB = memoryMB(server.pid, 'VmHWM');
    report(bench.name, { ...result, ...bench.serverFigures?.(server), serverMemory: memory }, bench.targets(result, memory));
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Prints a benchmark's JSON (its figures and whether each target was met); a miss exits 1. */
export function report(name: string, result: Record<string, unknown>, targets: Record<string, boolean>): void {
  console.log(JSON.stringify({ benchmark: name, ...result, targets }, null, 2));
  if (Object.values(targets).includes(false)) process.exitCode = 1;
}

/** An answer read by `requestOver`: its status (0 when none came), its JSON (or text), its time. */
export interface HttpAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- loosely shaped JSON answers, read field by field
  body: any;
  ms: number;
  headers: http.IncomingHttpHeaders;
  /** The connection failed or was closed before the whole answer came. */
  failed: boolean;
}

/**
 * One request over node:http to 127.0.0.1:`port` with a site's Host (Node cannot resolve
 * *.localhost, and its fetch drops a Host header). A connection the server closes (its answer to
 * an upload over the limit may come before the body is sent) keeps the status that came.
 */
export function requestOver(
  agent: http.Agent,
  port: number,
  host: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Uint8Array | string,
  timeoutMs?: number,
): Promise<HttpAnswer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let answered = 0;
    let answerHeaders: http.IncomingHttpHeaders = {};
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { host: `${host}:${port}`, ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}), ...headers },
      },
      (res) => {
        answered = res.statusCode ?? 0;
        answerHeaders = res.headers;
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* keep the text */
          }
          resolve({ status: answered, body: parsed, ms: performance.now() - started, headers: res.headers, failed: false });
        });
      },
    );
    req.on('error', () => resolve({ status: answered, body: null, ms: performance.now() - started, headers: answerHeaders, failed: true }));
    if (timeoutMs) req.setTimeout(timeoutMs, () => req.destroy());
    if (body !== undefined) req.write(body);
    req.end();
  });
}
