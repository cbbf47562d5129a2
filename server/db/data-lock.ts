// One process per PGlite data folder. PGlite is PostgreSQL compiled to WebAssembly running inside
// this process, with no postmaster to coordinate writers: a second process opening the same
// folder would write the same files and corrupt them. So whoever opens a folder holds
// `storynest.lock` in it, created exclusively and holding its pid, host and boot; it is removed
// when the database closes or the process exits.
//
// A lock whose process is gone (killed, crashed, the machine restarted) is stale and taken over,
// the way PostgreSQL treats its postmaster.pid: on the same host and boot, a pid with no process
// is dead; so is a pid that is this process's own or its parent's (pids are reused: a container
// restarted after a crash gives the server the same pid again). A lock from another host cannot
// be checked, so it is respected and the message says which file to delete.
//
// Why not a lease refreshed by a timer (proper-lockfile): PGlite runs queries synchronously on
// this thread, so a long one (a migration, the benchmark seed) stalls the timer and another
// process could take a "stale" lease from a live server; and a crashed server's restart would
// have to wait out the lease.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'storynest.lock';

/** Thrown when another live process holds the folder; its message is for the operator. */
export class DataDirInUseError extends Error {}

/** Folders this process holds: a lock naming our own pid is stale only if it is not one of them. */
const heldHere = new Set<string>();

interface Holder {
  pid: number;
  host: string;
  boot: string;
  since: string;
}

function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return ''; // not Linux: the pid check alone decides
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? (holder as Holder) : undefined;
  } catch {
    return undefined; // gone meanwhile, or half written by a process that died writing it
  }
}

function stale(holder: Holder | undefined, me: Holder): boolean {
  if (!holder) return true;
  if (holder.host !== me.host) return false;
  if (holder.boot && me.boot && holder.boot !== me.boot) return true;
  if (holder.pid === process.pid || holder.pid === process.ppid) return true;
  return !alive(holder.pid);
}

/**
 * Takes the folder's lock or throws DataDirInUseError. Returns the release, which is also run
 * when the process exits, so a server that stops on an error leaves no lock behind.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  if (heldHere.has(file)) throw new DataDirInUseError(`The data folder ${dataDir} is already open in this process.`);
  const me: Holder = { pid: process.pid, host: hostname(), boot: bootId(), since: new Date().toISOString() };
  const content = JSON.stringify(me) + '\n';
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, content, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (attempt > 0 || !stale(holder, me)) {
        const who = holder ? `process ${holder.pid} on ${holder.host}, since ${holder.since}` : 'another process';
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by another StoryNest process (${who}). The embedded database (PGlite) serves one ` +
            `process only: stop that one first, or use PostgreSQL (DATABASE_URL) to run several. If no such process is running, ` +
            `delete ${file}.`,
        );
      }
      unlinkSync(file);
    }
  }
  heldHere.add(file);
  const release = () => {
    if (!heldHere.delete(file)) return;
    process.off('exit', release);
    // Only our own lock: never one another process took over meanwhile.
    if (readHolder(file)?.pid === me.pid) unlinkSync(file);
  };
  process.on('exit', release);
  return release;
}
