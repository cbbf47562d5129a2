// The PGlite data folder's lock: one holder at a time; a lock whose process is gone (or from an
// earlier boot) is taken over; a live process's lock, or one from another host, is respected.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../server/db/data-lock';

let dir = '';
const lockFile = () => join(dir, LOCK_FILE);
const boot = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const writeLock = (holder: object) =>
  writeFileSync(lockFile(), JSON.stringify({ host: hostname(), boot: boot(), since: '2026-01-01T00:00:00.000Z', ...holder }));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'storynest-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('holds the folder with this process id until released', () => {
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => lockDataDir(dir)).toThrow(/already open in this process/);
    release();
    expect(existsSync(lockFile())).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over the lock of a process that is gone, or of an earlier boot', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeLock({ pid: gone });
    lockDataDir(dir)();
    writeLock({ pid: 1, boot: 'an-earlier-boot' });
    lockDataDir(dir)();
  });

  it("refuses a live process's lock, and one from another host, saying which file to delete", async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeLock({ pid: other.pid });
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(`is in use by another StoryNest process (process ${other.pid} on ${hostname()}`);
      expect(existsSync(lockFile())).toBe(true);
    } finally {
      other.kill();
    }
    writeLock({ pid: 12345, host: 'another-machine' });
    expect(() => lockDataDir(dir)).toThrow(`delete ${lockFile()}`);
  });
});
