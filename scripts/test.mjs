// `npm test`: every quality gate and every suite, in order, then one closing line
// `N passed, N failed` over all of them. Gates (types, lint, build, bundle budget) count as one
// test each; suites count their own tests. A suite that crashes counts as one failure.
import { spawnSync } from 'node:child_process';
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

gate('typecheck (PWA, server, tests)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
gate('typecheck (service worker and sync, no DOM)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.sw.json']);
gate('lint and format', 'npm', ['run', '--silent', 'lint']);
vitest('unit');

const databaseUrl = await postgresUrl();
console.log(
  `\nServer tests run on PGlite${databaseUrl ? ` and on PostgreSQL (${databaseUrl.replace(/\/\/[^@]*@/, '//')})` : ' only (no PostgreSQL answered)'}.`,
);
// The server suite is two vitest projects: most files share loaded modules, a few run alone (vitest.config.ts).
vitest('server', { DATABASE_URL: databaseUrl ?? '' }, ['server', 'server-isolated']);

const built = gate('build', 'npm', ['run', '--silent', 'build']);
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
