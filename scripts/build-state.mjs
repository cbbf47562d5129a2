// What a build is made of and whether the one on disk is current. Shared by the build
// (scripts/build.mjs), the start (scripts/start.mjs) and the production test, so the
// three agree on one list. Plain JavaScript with no dependencies: a production start imports it
// from a tree installed with `npm ci --omit=dev`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server's entries, each bundled on its own into dist-server/<its file name>.js. Adding a
 * program the built tree must run (a worker thread's file, a command-line tool) is one line here.
 */
export const SERVER_ENTRIES = [
  'server/main.ts', // the API server: npm start
  'server/backup.ts', // npm run backup / npm run restore
  'server/admin.ts', // npm run admin:create
  'server/lib/cpu-worker.ts', // the worker pool's thread (server/lib/cpu-pool.ts)
];

/** The built server; the PWA's build is `dist/` (vite build). */
export const SERVER_OUT = 'dist-server';
/** Written last by `npm run build`: a build without it is unfinished. */
export const STAMP = `${SERVER_OUT}/build.json`;

/** What a build is made from: a file here newer than the build's start makes it stale. */
const SOURCES = [
  'src',
  'server',
  'public',
  'build',
  'openapi',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/build-state.mjs',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The output file of an entry: server/db/backup.ts is dist-server/backup.js. */
export function entryOutput(entry) {
  return `${SERVER_OUT}/${entry.replace(/^.*\//, '').replace(/\.ts$/, '.js')}`;
}

/**
 * `missing` (no finished build), `stale` (a source changed since it started) or `current`.
 * `checkSources: false` (a production start) only asks whether a finished build is there.
 */
export function buildState({ root = '.', checkSources = true } = {}) {
  const stampFile = join(root, STAMP);
  if (!existsSync(stampFile) || !existsSync(join(root, 'dist/index.html'))) return 'missing';
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  if (SERVER_ENTRIES.some((entry) => !existsSync(join(root, entryOutput(entry))))) return 'missing';
  if (!checkSources) return 'current';
  const newest = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
  return newest > stamp.startedAt ? 'stale' : 'current';
}
