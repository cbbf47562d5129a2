// `npm run bench:catalogue`: the library's catalogue in Chromium against the real server on
// PGlite with the benchmark seed (SEED_SCALE=bench, 20,000+ books). Measures the first
// catalogue sync into IndexedDB (the app's own pull sync) and each keystroke of a search over
// the local word-prefix index. Prints one JSON object.
// Targets: firstSyncMs < 10,000; searchMedianMs < 30.
import { runBenchmark } from './harness';

// What a parent might type, letter by letter: titles, authors, two-word queries, a miss.
const QUERIES = ['dragon', 'a castle', 'balloon brave', 'maya', 'forest quiet', 'the', 'zebra', 'sleepy', 'gupta', 'xylophone'];

await runBenchmark<Record<string, number>>({
  name: 'catalogue',
  script: 'catalogue-bench.ts',
  global: 'catalogueBench',
  options: { queries: QUERIES },
  targets: (r) => ({
    firstSyncUnder10s: r.firstSyncMs! < 10_000,
    searchMedianUnder30Ms: r.searchMedianMs! < 30,
    catalogueHas20000Books: r.books! >= 20_000,
  }),
});
