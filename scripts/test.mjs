// `npm test`: every quality gate and every suite, in order, then one closing line
// `N passed, N failed` over all of them. Gates (types, lint, build, bundle budget) count as one
// test each; suites count their own tests. A suite that crashes counts as one failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { NO_CHROMIUM, findChromium } from './find-chromium.mjs';

const OUT = '.test-output';
rmSync(`${OUT}/unit.json`, { force: true });
rmSync(`${OUT}/server.json`, { force: true });
rmSync(`${OUT}/e2e.json`, { force: true });
mkdirSync(OUT, { recursive: true });

/** PostgreSQL for the server suite: DATABASE_URL, else this machine's local server if it answers. */
async function postgresUrl() {
  const candidate = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return candidate;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

function run(cmd, args, env = {}) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: res.status === 0, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const results = [];
const gate = (name, cmd, args, env) => {
  console.log(`\n=== ${name}`);
  const r = run(cmd, args, env);
  results.push({ name, passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, seconds: r.seconds });
  return r.ok;
};

/** One command in the background, its output kept until it ends (so side-by-side gates do not interleave). */
function runQuietly(cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (e) => (output += String(e)));
    child.on('close', (code) => resolve({ ok: code === 0, output, seconds: Math.round((Date.now() - started) / 100) / 10 }));
  });
}

/**
 * Gates that each use one core (the type checks, lint, the build) run side by side: on a machine
 * of two cores that halves their time. Each prints its output and counts as one test, in order.
 */
async function gatesSideBySide(gates) {
  const done = await Promise.all(gates.map(({ cmd, args }) => runQuietly(cmd, args)));
  gates.forEach(({ name }, i) => {
    const r = done[i];
    console.log(`\n=== ${name}`);
    process.stdout.write(r.output);
    results.push({ name, passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, seconds: r.seconds });
  });
  return done.map((r) => r.ok);
}
const vitest = (project, env = {}, projects = [project]) => {
  console.log(`\n=== ${project} tests`);
  const file = `${OUT}/${project}.json`;
  const only = projects.flatMap((p) => ['--project', p]);
  const r = run('npx', ['vitest', 'run', ...only, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env);
  const json = readJson(file);
  const passed = json?.numPassedTests ?? 0;
  const failed = json ? json.numFailedTests + (r.ok || json.numFailedTests ? 0 : 1) : 1;
  results.push({ name: `${project} tests`, passed, failed, seconds: r.seconds });
};

const [, , , built] = await gatesSideBySide([
  { name: 'typecheck (PWA, server, tests)', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'typecheck (service worker and sync, no DOM)', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.sw.json'] },
  { name: 'lint and format', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'build', cmd: 'npm', args: ['run', '--silent', 'build'] },
]);
vitest('unit');

const databaseUrl = await postgresUrl();
console.log(
  `\nServer tests run on PGlite${databaseUrl ? ` and on PostgreSQL (${databaseUrl.replace(/\/\/[^@]*@/, '//')})` : ' only (no PostgreSQL answered)'}.`,
);
// The server suite is two vitest projects: most files share loaded modules, a few run alone (vitest.config.ts).
vitest('server', { DATABASE_URL: databaseUrl ?? '' }, ['server', 'server-isolated']);

if (built) gate('bundle budget', 'node', ['scripts/bundle-budget.mjs']);
// The built tree as production runs it (two processes on PostgreSQL, the PGlite refusals).
if (built) vitest('prod', { DATABASE_URL: databaseUrl ?? '' });

console.log('\n=== end-to-end tests (Chromium)');
const browser = findChromium();
if (!browser) {
  // Fail at once, in one line, rather than 37 times with "executable doesn't exist".
  console.log(NO_CHROMIUM);
  results.push({ name: 'end-to-end tests (no browser)', passed: 0, failed: 1, seconds: 0 });
} else if (built && existsSync('dist/index.html')) {
  const r = run('npx', ['playwright', 'test']);
  const stats = readJson(`${OUT}/e2e.json`)?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  if (stats?.flaky) console.log(`${stats.flaky} journey(s) passed only on the second try: see "flaky" in the list above.`);
  const failed = stats ? stats.unexpected + (r.ok || stats.unexpected ? 0 : 1) : 1;
  results.push({ name: 'end-to-end tests', passed, failed, seconds: r.seconds });
} else {
  results.push({ name: 'end-to-end tests', passed: 0, failed: 1, seconds: 0 });
}

console.log('\n=== summary');
for (const r of results)
  console.log(
    `${r.failed ? 'FAIL' : 'ok  '} ${r.name.padEnd(46)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s`,
  );
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
