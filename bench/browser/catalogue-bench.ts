// Runs inside Chromium on the server's origin: the app's own catalogue sync and the header's
// offline search (books and stories) over the real IndexedDB, against the real API. bench/catalogue.ts bundles this file and calls
// window.catalogueBench.run().
import { db } from '@/data/db';
import { syncCatalogue } from '@/features/library/catalogue';
import { searchOnDevice } from '@/features/search/search-everywhere';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const round = (x: number) => Math.round(x * 100) / 100;

/** Every keystroke of typing these queries: "d", "dr", "dra", ... */
function keystrokes(queries: string[]): string[] {
  return queries.flatMap((q) => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1)).filter((k) => k.trim() && !k.endsWith(' ')));
}

async function run({ queries }: { queries: string[] }) {
  await db.delete();
  await db.open();
  const started = performance.now();
  const pulled = await syncCatalogue();
  const firstSyncMs = performance.now() - started;
  const books = await db.books.count();
  const stories = await db.stories.count();

  // Warm the index once, as a library page that has been open for a moment has.
  await searchOnDevice('a');
  const times: number[] = [];
  let results = 0;
  for (const k of keystrokes(queries)) {
    const t = performance.now();
    const found = await searchOnDevice(k);
    times.push(performance.now() - t);
    results += found.length;
  }
  return {
    books,
    stories,
    pulled,
    firstSyncMs: Math.round(firstSyncMs),
    keystrokes: times.length,
    searchMedianMs: round(median(times)),
    searchP95Ms: round(pct(times, 0.95)),
    searchMaxMs: round(Math.max(...times)),
    meanResults: round(results / times.length),
  };
}

(globalThis as unknown as { catalogueBench: unknown }).catalogueBench = { run };
