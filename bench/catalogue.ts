// `npm run bench:catalogue`: the library's catalogue in Chromium against the real server on
// PGlite with the benchmark seed (SEED_SCALE=bench, 20,000+ books). Measures the first
// catalogue sync into IndexedDB (the app's own pull sync) and each keystroke of a search over
// the local word-prefix index. Prints one JSON object.
// Targets: firstSyncMs < 10,000; searchMedianMs < 30.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../scripts/chromium';
import { startFreshServer } from '../scripts/serve-fresh';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = await build({
  entryPoints: [`${root}/bench/browser/catalogue-bench.ts`],
  bundle: true,
  write: false,
  format: 'iife',
  target: 'es2022',
  minify: true,
  alias: { '@': `${root}/src` },
  logLevel: 'error',
});

// What a parent might type, letter by letter: titles, authors, two-word queries, a miss.
const QUERIES = ['dragon', 'a castle', 'balloon brave', 'maya', 'forest quiet', 'the', 'zebra', 'sleepy', 'gupta', 'xylophone'];

const server = await startFreshServer({ SEED_SCALE: 'bench' });
const browser = await chromium.launch(CHROMIUM);
try {
  // The benchmark's script runs on the server's origin without the app, which would otherwise
  // start its own sync; CSP is bypassed only to inject the bundle.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${server.url('greenfield')}/api/health`);
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const result = await page.evaluate(
    (options) => (globalThis as unknown as { catalogueBench: { run(o: { queries: string[] }): Promise<Record<string, number>> } }).catalogueBench.run(options),
    { queries: QUERIES },
  );
  const targets = {
    firstSyncUnder10s: result.firstSyncMs! < 10_000,
    searchMedianUnder30Ms: result.searchMedianMs! < 30,
    catalogueHas20000Books: result.books! >= 20_000,
  };
  console.log(JSON.stringify({ benchmark: 'catalogue', ...result, targets }, null, 2));
  if (Object.values(targets).includes(false)) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
