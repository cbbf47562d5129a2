// Starts the real server (built PWA + API) as `npm start` would, on a free port with a fresh
// data folder, for the end-to-end tests and the benchmarks. Never touches ./.data.
//
// The server runs as production runs it, the built bundle through scripts/start.mjs, when the build
// is current (npm test builds before the journeys; the benchmarks measure what is deployed);
// otherwise from the sources through tsx, so a change not yet built is what runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildState } from './build-state.mjs';

/** package.json's start command after `node`: its Node options (the young generation's size) and the script. */
const START = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(' ')
  .slice(1);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface FreshServer {
  port: number;
  pid: number;
  /** http://[tenant.]localhost:port */
  url(tenant?: string): string;
  stop(): Promise<void>;
}

/** `nodeArgs`: extra options for the server's Node (a benchmark's --cpu-prof). */
export async function startFreshServer(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<FreshServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'storynest-'));
  const program = buildState() === 'current' ? START : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...program], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SECRET_KEY: 'fresh-server-secret', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));

  // Two minutes, or longer where a busy machine needs it (SERVE_FRESH_TIMEOUT_MS).
  const deadline = Date.now() + (Number(process.env.SERVE_FRESH_TIMEOUT_MS) || 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      // Not left behind: a server still starting would go on loading the machine after the run.
      child.kill('SIGKILL');
      throw new Error(`The server did not start in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    port,
    pid: child.pid!,
    url: (tenant) => `http://${tenant ? `${tenant}.` : ''}localhost:${port}`,
    async stop() {
      child.kill('SIGTERM');
      // A benchmark may have killed it already (exitCode stays null when a signal ended it).
      if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
