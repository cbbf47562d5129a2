// `npm run bench:sync`: the offline write path end to end, in Chromium against the real server
// on PGlite. Enqueues 1,000 changes (cart additions), replays them, then measures the header's
// unsent-count query with 10,000 changes queued. Prints one JSON object.
// Targets: enqueue < 2 ms each; replay >= 1,000/s; pending count < 16 ms; the server under 300 MB
// once ready and while the script runs (its start's own peak, seeding 20,000 books, is reported
// beside them); every refused change is listed with its answer (status and message).
// The benchmark seed has 20,000 books, so 1,000 different books can go into the cart.
import { runBenchmark } from './harness';

interface SyncResult {
  enqueueMsPerMutation: number;
  replayPerSecond: number;
  pendingCountMs: number;
  /** Every change the server refused: its label, its status and the message a user sees. */
  refused: { label: string; status: number; message: string }[];
}

await runBenchmark<SyncResult>({
  name: 'sync',
  script: 'sync-bench.ts',
  global: 'syncBench',
  options: { mutations: 1000, queued: 10_000 },
  targets: (r, server) => ({
    enqueueUnder2Ms: r.enqueueMsPerMutation < 2,
    replayAtLeast1000PerSecond: r.replayPerSecond >= 1000,
    pendingCountUnder16Ms: r.pendingCountMs < 16,
    serverUnder300MB: (server.restMB ?? Infinity) < 300 && (server.peakMB ?? Infinity) < 300,
  }),
});
