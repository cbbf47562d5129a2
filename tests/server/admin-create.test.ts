// `npm run admin:create`: a fresh install's first platform admin, with a one-time link that sets
// its password (the command runs as a process of its own on the install's database).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { serveDatabase, signIn } from './harness';
import { freePort, killStarted, spawnProcess } from '../support/processes';

const dataDir = mkdtempSync(join(tmpdir(), 'storynest-admin-'));
afterAll(async () => {
  await killStarted();
  rmSync(dataDir, { recursive: true, force: true });
});

async function adminCreate(...args: string[]) {
  const proc = spawnProcess(process.execPath, ['--import', 'tsx', 'server/admin.ts', ...args], {
    port: await freePort(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://storynest.example',
      LOG_LEVEL: 'silent',
    },
  });
  return { code: await proc.exited, output: proc.output() };
}

describe('npm run admin:create', () => {
  it('creates the first platform admin with a one-time link, refuses a second unless --force', async () => {
    expect((await adminCreate('--email', 'not-an-address')).code).toBe(2);
    const first = await adminCreate('--email', 'Owner@Example.org');
    expect(first.code, first.output).toBe(0);
    const link = /https:\/\/storynest\.example\/password-reset-confirm\?token=(\S+)/.exec(first.output);
    expect(link, first.output).not.toBeNull();
    const again = await adminCreate('--email', 'second@example.org');
    expect(again.code).toBe(1);
    expect(again.output).toContain('A platform admin exists already (owner@example.org)');
    expect(again.output).toContain('--force');
    const forced = await adminCreate('--email', 'second@example.org', '--force');
    expect(forced.code, forced.output).toBe(0);

    // The link sets the password once; then the admin signs in on the platform.
    const server = serveDatabase(await openDatabase({ dataDir }), 'admin-create-test');
    try {
      const token = decodeURIComponent(link![1]!);
      const set = await server.call('POST', '/api/password-reset/confirm/', { json: { token, password: 'A-strong-passphrase-9' } });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const reused = await server.call('POST', '/api/password-reset/confirm/', { json: { token, password: 'Another-passphrase-9' } });
      expect(reused.status).toBe(400);
      const admin = await signIn(server, 'owner@example.org', 'A-strong-passphrase-9', 'localhost');
      expect(admin.user.role).toBe('upschool_admin');
    } finally {
      await server.close();
    }
  }, 600_000);
});
