// The server's import graph, read from its files: every arrow goes down the floors that
// eslint.config.js declares (SERVER_FLOORS: lib, providers, config, db, http, the domains in
// their order, jobs, site, app), no file stands outside them, and no files import each other
// in a circle. The lint rule says the same per import; this reads the whole graph at once.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

/** The floors as eslint.config.js declares them (a variable, so no types are asked of the file). */
async function declaredFloors(): Promise<string[][]> {
  const config = pathToFileURL(join(ROOT, 'eslint.config.js')).href;
  const { SERVER_FLOORS } = (await import(/* @vite-ignore */ config)) as { SERVER_FLOORS: string[][] };
  return SERVER_FLOORS.map((floor) => floor.map((place) => place.replace(/^\.\//, '')));
}

function serverFiles(dir = 'server'): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return serverFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The server files a file imports (static, re-exported and dynamic imports alike). */
export function importsOf(file: string, text: string, known: Set<string>): string[] {
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)].map((m) => m[1]!);
  return specs
    .map((spec) => relative(ROOT, resolve(ROOT, dirname(file), spec)))
    .map((target) => [`${target}.ts`, `${target}/index.ts`, target].find((t) => known.has(t)))
    .filter((t): t is string => t !== undefined);
}

function floorOf(floors: string[][], file: string): number {
  return floors.findIndex((floor) => floor.some((place) => file === place || file.startsWith(`${place}/`)));
}

/** Every circle of the graph, as the files on it (Tarjan's strongly connected components). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the server import graph', () => {
  const files = serverFiles();
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f, readFileSync(join(ROOT, f), 'utf8'), known)]));

  it('reads the imports it is meant to read', () => {
    const sample = `import { a } from './b';\nimport type { C } from '../http/env';\nexport { d } from './e';\nconst f = await import('./g');\nimport './h';`;
    const all = new Set(['server/x/b.ts', 'server/http/env.ts', 'server/x/e.ts', 'server/x/g/index.ts', 'server/x/h.ts']);
    expect(importsOf('server/x/a.ts', sample, all)).toEqual([...all]);
    expect(graph.get('server/app.ts')?.length).toBeGreaterThan(20);
  });

  it('places every server file on a floor', async () => {
    const floors = await declaredFloors();
    expect(files.filter((f) => floorOf(floors, f) < 0)).toEqual([]);
  });

  it('has no arrow running back up a floor', async () => {
    const floors = await declaredFloors();
    const upward = [...graph].flatMap(([from, targets]) =>
      targets.filter((to) => floorOf(floors, to) > floorOf(floors, from)).map((to) => `${from} -> ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('finds an upward arrow and a circle where there is one', async () => {
    const floors = await declaredFloors();
    const low = floors.findIndex((f) => f.includes('server/http'));
    expect(floorOf(floors, 'server/domains/auth/tokens.ts')).toBeGreaterThan(low);
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['c', 'b', 'a']]);
  });
});
