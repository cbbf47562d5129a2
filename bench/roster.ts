// `npm run bench:roster`: the roster in Chromium against the real server on PGlite with the
// benchmark seed (class BENCH2K of 2,000 students). Pulls the roster into IndexedDB, then times
// the class table's first page (read from the device and rendered) and a 40-student login PDF.
// Prints one JSON object. Targets: firstPageMs < 100; loginPdfMs < 1000 (medians of 5 runs;
// the first, cold run is reported beside each).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../scripts/chromium';
import { startFreshServer } from '../scripts/serve-fresh';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = await build({
  entryPoints: [`${root}/bench/browser/roster-bench.tsx`],
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
  const result = await page.evaluate(() =>
    (globalThis as unknown as { rosterBench: { run(o: { classCode: string; runs: number; cards: number }): Promise<Record<string, number>> } }).rosterBench.run({
      classCode: 'BENCH2K',
      runs: 5,
      cards: 40,
    }),
  );
  const targets = { firstPageUnder100Ms: result.firstPageMs! < 100, loginPdfUnder1000Ms: result.loginPdfMs! < 1000 };
  console.log(JSON.stringify({ benchmark: 'roster', ...result, targets }, null, 2));
  if (Object.values(targets).includes(false)) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
