// `npm start` builds only when it must: no finished build (missing), or a source newer than the
// start of the last build (stale); a production start only asks whether a finished build is there.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildState, entryOutput, SERVER_ENTRIES, STAMP } from '../../scripts/build-state.mjs';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes a file; `mtimeMs` dates it and its folder (a folder changes when a file is added or removed). */
function write(path: string, content = '', mtimeMs?: number) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
  if (!mtimeMs) return;
  for (const dated of [path, dirname(path)]) utimesSync(join(root, dated), mtimeMs / 1000, mtimeMs / 1000);
}

/** A tree whose sources were last changed at `sourcesAt` and whose build started at `builtAt`. */
function tree(sourcesAt: number, builtAt: number) {
  root = mkdtempSync(join(tmpdir(), 'storynest-build-state-'));
  write('src/main.tsx', '', sourcesAt);
  write('server/main.ts', '', sourcesAt);
  write('dist/index.html');
  for (const entry of SERVER_ENTRIES) write(entryOutput(entry));
  write(STAMP, JSON.stringify({ startedAt: builtAt }));
}

describe('buildState', () => {
  const hourAgo = Date.now() - 3_600_000;

  it('is current when no source changed since the build started', () => {
    tree(hourAgo, hourAgo + 1000);
    expect(buildState({ root })).toBe('current');
  });

  it('is stale when a source changed after the build started', () => {
    tree(hourAgo, hourAgo + 1000);
    write('server/main.ts', 'changed', hourAgo + 2000);
    expect(buildState({ root })).toBe('stale');
    // A production start does not look at sources: it runs what was built.
    expect(buildState({ root, checkSources: false })).toBe('current');
  });

  it('is missing without the stamp (an unfinished build), the PWA or an entry', () => {
    tree(hourAgo, hourAgo + 1000);
    rmSync(join(root, STAMP));
    expect(buildState({ root, checkSources: false })).toBe('missing');
    tree(hourAgo, hourAgo + 1000);
    rmSync(join(root, entryOutput(SERVER_ENTRIES[0]!)));
    expect(buildState({ root, checkSources: false })).toBe('missing');
    tree(hourAgo, hourAgo + 1000);
    rmSync(join(root, 'dist/index.html'));
    expect(buildState({ root })).toBe('missing');
  });
});
