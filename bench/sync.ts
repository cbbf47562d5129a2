// `npm run bench:sync`: the offline write path end to end, in Chromium against the real server
// on PGlite. Enqueues 1,000 changes (cart additions), replays them, then measures the header's
// unsent-count query with 10,000 changes queued. Prints one JSON object.
// Targets: enqueue < 2 ms each; replay >= 200/s; pending count < 16 ms; memory reported.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../scripts/chromium';
import { startFreshServer } from '../scripts/serve-fresh';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = await build({
  entryPoints: [`${root}/bench/browser/sync-bench.ts`],
  bundle: true,
  write: false,
  format: 'iife',
  target: 'es2022',
  minify: true,
  alias: { '@': `${root}/src` },
  logLevel: 'error',
});

function serverPeakRssMB(pid: number): number | null {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return hwm ? Math.round(Number(hwm[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

// SEED_SCALE=bench: 20,000 books, so 1,000 different books can go into the cart.
const server = await startFreshServer({ SEED_SCALE: 'bench' });
const browser = await chromium.launch(CHROMIUM);
try {
  // The benchmark's script runs on the server's origin without the app, which would otherwise
  // start its own sync; CSP is bypassed only to inject the bundle.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${server.url('greenfield')}/api/health`);
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const result = await page.evaluate(() =>
    (globalThis as unknown as { syncBench: { run(o: { mutations: number; queued: number }): Promise<Record<string, number>> } }).syncBench.run({ mutations: 1000, queued: 10_000 }),
  );
  const targets = {
    enqueueUnder2Ms: result.enqueueMsPerMutation! < 2,
    replayAtLeast200PerSecond: result.replayPerSecond! >= 200,
    pendingCountUnder16Ms: result.pendingCountMs! < 16,
  };
  console.log(JSON.stringify({ benchmark: 'sync', ...result, serverPeakRssMB: serverPeakRssMB(server.pid), targets }, null, 2));
  if (Object.values(targets).includes(false)) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
