// `npm run bench:roster`: the roster in Chromium against the real server on PGlite with the
// benchmark seed (class BENCH2K of 2,000 students). Pulls the roster into IndexedDB, then times
// the class table's first page (read from the device and rendered) and a 40-student login PDF.
// Prints one JSON object. Targets: firstPageMs < 100; loginPdfMs < 1000 (medians of 5 runs;
// the first, cold run is reported beside each).
import { runBenchmark } from './harness';

await runBenchmark<Record<string, number>>({
  name: 'roster',
  script: 'roster-bench.tsx',
  global: 'rosterBench',
  options: { classCode: 'BENCH2K', runs: 5, cards: 40 },
  targets: (r) => ({ firstPageUnder100Ms: r.firstPageMs! < 100, loginPdfUnder1000Ms: r.loginPdfMs! < 1000 }),
});
