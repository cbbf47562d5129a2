// bench:books: the reader of a made book in Chromium: opening a 24-page picture book (one 1600 px
// picture a page) from the device with no network (≤ 300 ms) and turning a page (≤ 50 ms).
// `npm run bench:books` then runs bench/books-print.ts: the print-ready PDF of the same book.
import { runBenchmark } from './harness';

type Result = {
  pages: number;
  picture_px: number;
  open_offline_ms: number;
  open_offline_with_cover_picture_ms: number;
  page_turn_p95_ms: number;
  page_turn_max_ms: number;
  page_turn_with_picture_p95_ms: number;
  reached_last_page: number;
};

await runBenchmark<Result>({
  name: 'books',
  script: 'books-bench.tsx',
  global: 'booksBench',
  options: {},
  targets: (r) => ({
    'open a 24-page book in the reader offline <= 300 ms': r.open_offline_ms <= 300,
    'turn a page <= 50 ms': r.page_turn_p95_ms <= 50,
    'turn a page to a 1600 px picture <= 50 ms': r.page_turn_with_picture_p95_ms <= 50,
    'every page turned': r.reached_last_page === 1,
  }),
});
