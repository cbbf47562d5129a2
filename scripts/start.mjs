// `npm start` (and `npm run backup` / `restore`): runs a built server entry with plain node.
// In development it builds first when the build is missing or older than the sources, so
// `npm install && npm start` keeps working and a second start is quick. A production start
// (NODE_ENV=production) never builds: it needs a tree built by `npm run build`, and runs with
// only the runtime dependencies installed (`npm ci --omit=dev`).
//
// The entry runs in this process (no child process), so signals reach the server directly.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildState, entryOutput, SERVER_ENTRIES } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
// `node scripts/start.mjs [entry] [args...]`: the entry's file name without .ts (default main).
const name = process.argv[2] && !process.argv[2].startsWith('-') ? process.argv.splice(2, 1)[0] : 'main';
const entry = SERVER_ENTRIES.find((e) => e.replace(/^.*\//, '') === `${name}.ts`);
if (!entry) {
  console.error(`No server entry named "${name}" (scripts/build-state.mjs lists them).`);
  process.exit(2);
}

const production = process.env.NODE_ENV === 'production';
const state = buildState({ checkSources: !production });
if (production && state !== 'current') {
  console.error('No finished build here: run `npm run build` first (a production start never builds; see README, Deploy).');
  process.exit(1);
}
if (state !== 'current') {
  console.error(
    state === 'missing' ? 'No build yet: building (npm run build).' : 'The sources changed since the last build: building (npm run build).',
  );
  const built = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// Stack traces name the TypeScript sources (the build writes source maps).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(entryOutput(entry)).href);
