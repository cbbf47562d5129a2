// The README's configuration table is complete: every environment variable the server (and its
// start and backup scripts) reads is a row with its development default, its production default
// and what it is for, and every row is read somewhere. Adding a variable is adding a row.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Set by the tools, not by an operator. */
const NOT_CONFIGURATION: Record<string, string> = {
  VITEST: 'set by vitest: logs are silent under test',
  INIT_CWD: 'set by npm: the folder `npm run backup` was called from',
};

/** Where the server's code is; scripts that run on a production host count too. */
const SOURCES = ['server', 'scripts/start.mjs', 'scripts/build.mjs', 'scripts/build-state.mjs'];

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((entry) => files(join(path, entry)));
}

/** `process.env.X`, `env.X`, `env['X']`, and a helper given `(env, 'X')`. */
const READS = [
  /\benv\??\.([A-Z][A-Z0-9_]+)\b/g,
  /\benv\[\s*['"`]([A-Z][A-Z0-9_]+)['"`]\s*\]/g,
  /\(\s*env\s*,\s*['"`]([A-Z][A-Z0-9_]+)['"`]/g,
];

/** A helper given a list of names after a label in words: `(env, 'PayPal', ['X', 'Y'])`. */
const LISTS = /\(\s*env\s*,\s*['"`][^'"`]*[a-z][^'"`]*['"`]\s*,\s*\[([^\]]*)\]/g;

function variablesRead(source: string): string[] {
  const single = READS.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1]!));
  const listed = [...source.matchAll(LISTS)].flatMap((m) => [...m[1]!.matchAll(/['"`]([A-Z][A-Z0-9_]+)['"`]/g)].map((n) => n[1]!));
  return [...new Set([...single, ...listed])];
}

/** The rows of the README's Configuration table: variable, development, production, purpose. */
function configurationTable(readme: string): Map<string, string[]> {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const match = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|(.*)\|\s*$/.exec(line);
    if (match)
      rows.set(
        match[1]!,
        match[2]!.split('|').map((cell) => cell.trim()),
      );
  }
  return rows;
}

const readme = readFileSync('README.md', 'utf8');
const table = configurationTable(readme);
const read = new Map<string, string>();
for (const file of SOURCES.flatMap(files).filter((f) => /\.(ts|mjs)$/.test(f))) {
  for (const name of variablesRead(readFileSync(file, 'utf8'))) if (!read.has(name)) read.set(name, file);
}

describe('the README configuration table', () => {
  it('finds what the code reads (the patterns work)', () => {
    expect(variablesRead("process.env.LOG_LEVEL; env.PORT; env['SEED']; positiveInt(env, 'TRUST_PROXY', 0)").sort()).toEqual([
      'LOG_LEVEL',
      'PORT',
      'SEED',
      'TRUST_PROXY',
    ]);
    expect(read.get('NODE_ENV')).toBeDefined();
    expect(table.size).toBeGreaterThan(10);
  });

  it('lists every variable the server reads', () => {
    const missing = [...read].filter(([name]) => !table.has(name) && !NOT_CONFIGURATION[name]).map(([name, file]) => `${name} (${file})`);
    expect(missing, 'variables read but not in the README table').toEqual([]);
  });

  it('lists no variable nothing reads', () => {
    expect([...table.keys()].filter((name) => !read.has(name))).toEqual([]);
  });

  it('gives each variable its development default, its production default and what it is for', () => {
    const incomplete = [...table].filter(([, cells]) => cells.length !== 3 || cells.some((cell) => !cell)).map(([name]) => name);
    expect(incomplete).toEqual([]);
  });
});
