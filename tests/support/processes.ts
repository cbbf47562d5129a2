// Real server processes for tests: started in their own process group (so a test kills the whole
// npm → node chain), talked to over node:http (fetch drops the Host header that names a school
// site), and killed when the test file ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Proc {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

const started: Proc[] = [];

/** Spawns `command args` detached (its own process group), capturing stdout and stderr. */
export function spawnProcess(command: string, args: string[], options: { env: NodeJS.ProcessEnv; port: number; cwd?: string }): Proc {
  const child = spawn(command, args, { env: options.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const proc = { child, port: options.port, output: () => out, exited };
  started.push(proc);
  return proc;
}

/** Sends a signal to the process's whole group (npm, sh and node alike). */
export function signalGroup(proc: Proc, signal: NodeJS.Signals): void {
  process.kill(-proc.child.pid!, signal);
}

/** Kills every process this test file started that is still running. */
export async function killStarted(): Promise<void> {
  for (const proc of started.splice(0)) {
    if (proc.child.exitCode === null && proc.child.signalCode === null) {
      try {
        signalGroup(proc, 'SIGKILL');
      } catch {
        /* the group is gone already */
      }
      await proc.exited;
    }
  }
}

/** One request over node:http (a JSON body, or a raw one with its headers); the answer is parsed as JSON when it is JSON. */
export function send(
  port: number,
  method: string,
  path: string,
  options: { host?: string; json?: unknown; token?: string; raw?: { body: string; headers: Record<string, string> } } = {},
) {
  return new Promise<{ status: number; body: any; text: string }>((resolve, reject) => {
    const body = options.json === undefined ? options.raw?.body : JSON.stringify(options.json);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: options.host ?? 'localhost',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.raw?.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let parsed: unknown = text || null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON: keep the text */
          }
          resolve({ status: res.statusCode!, body: parsed, text });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Waits until the process answers /api/health (or throws with its output when it exits). */
export async function untilHealthy(proc: Proc, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`The server exited:\n${proc.output()}`);
    const ok = await send(proc.port, 'GET', '/api/health').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
