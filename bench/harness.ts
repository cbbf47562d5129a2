// What every benchmark does: bundle its browser script, start the real server (PGlite, the
// benchmark seed), run the script in Chromium on the server's origin, and print one JSON object
// with the result and its targets. A missed target makes the exit code 1.
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
  targets(result: R): Record<string, boolean>;
  /** Figures read off the server process once the script is done. */
  serverFigures?(server: FreshServer): Record<string, unknown>;
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
  const server = await startFreshServer({ SEED_SCALE: 'bench' });
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
    report(bench.name, { ...result, ...bench.serverFigures?.(server) }, bench.targets(result));
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
