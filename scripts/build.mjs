// `npm run build`: everything a start needs, made once. The PWA (vite build into dist/), then the
// server: each of SERVER_ENTRIES bundled by esbuild into one JavaScript file in dist-server/,
// with the packages left as imports (they come from node_modules, and only `dependencies` may be
// imported: a production tree has no devDependencies). A start then runs plain node, no
// TypeScript compiler at run time. The stamp dist-server/build.json is written last.
//
// Files the server reads at run time are named in its code as `new URL('<relative>',
// import.meta.url)` (the fonts, the migrations). Bundled code runs from dist-server/<entry>.js,
// so the plugin below copies each such file or folder into dist-server/ at its path in the
// repository and points the URL there; one naming another entry (a worker thread's file) points
// at that entry's output. The same source runs unbuilt (tsx, vitest) and built.
import { builtinModules } from 'node:module';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { build as esbuild } from 'esbuild';
import { SERVER_ENTRIES, SERVER_OUT, STAMP, entryOutput } from './build-state.mjs';

const startedAt = Date.now();
const root = process.cwd();

const names = SERVER_ENTRIES.map((entry) => entryOutput(entry));
if (new Set(names).size !== names.length) throw new Error(`Two server entries would write the same file: ${names.join(', ')}`);

// What is built is the production app, whoever calls (vitest sets NODE_ENV=test, and a
// NODE_ENV other than production gives React's development build: 60 KiB more on the first load).
process.env.NODE_ENV = 'production';
const { build: vite } = await import('vite');
await vite();

rmSync(SERVER_OUT, { recursive: true, force: true });
const copied = new Set();
const RUNTIME_URL = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;
const runtimeFiles = {
  name: 'runtime-files',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const contents = source.replace(RUNTIME_URL, (_match, quote, path) => {
        const target = relative(root, resolve(dirname(args.path), path));
        const entry = SERVER_ENTRIES.find((e) => e === target || e.replace(/\.ts$/, '.js') === target);
        if (entry) return `new URL(${quote}./${entryOutput(entry).slice(SERVER_OUT.length + 1)}${quote}, import.meta.url)`;
        if (!existsSync(target)) throw new Error(`${relative(root, args.path)} reads ${target} at run time, and it does not exist`);
        copied.add(target);
        return `new URL(${quote}./${target}${quote}, import.meta.url)`;
      });
      return { contents, loader: 'ts' };
    });
  },
};

const result = await esbuild({
  entryPoints: SERVER_ENTRIES.map((entry) => ({ in: entry, out: entryOutput(entry).slice(SERVER_OUT.length + 1, -3) })),
  outdir: SERVER_OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [runtimeFiles],
});
for (const path of copied) cpSync(path, `${SERVER_OUT}/${path}`, { recursive: true });

// Every package the built server imports must be a runtime dependency (the Dockerfile's runtime
// stage and a production host install with --omit=dev).
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const imported = new Set(
  Object.values(result.metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((i) => i.external && !i.path.startsWith('node:') && !builtinModules.includes(i.path))
    .map((i) => packageOf(i.path)),
);
const notRuntime = [...imported].filter((name) => !pkg.dependencies?.[name]).sort();
if (notRuntime.length) throw new Error(`The server imports packages that are not in "dependencies": ${notRuntime.join(', ')}`);

mkdirSync(SERVER_OUT, { recursive: true });
// A new PGlite data folder, initdb's and migrated, which a first start copies instead of running
// initdb (800 MB of memory at its peak) and the migrations itself (server/db/client.ts,
// newDataFolder). A folder, not a tarball: PGlite loads a tarball whole into memory.
const { PGlite } = await import('@electric-sql/pglite');
const { drizzle } = await import('drizzle-orm/pglite');
const { migrate } = await import('drizzle-orm/pglite/migrator');
const cluster = await PGlite.create(`${SERVER_OUT}/pgdata`);
await migrate(drizzle({ client: cluster }), { migrationsFolder: 'server/db/migrations' });
await cluster.query('checkpoint');
await cluster.close();

writeFileSync(
  STAMP,
  JSON.stringify(
    {
      startedAt,
      finishedAt: Date.now(),
      entries: Object.fromEntries(SERVER_ENTRIES.map((entry) => [entry, entryOutput(entry)])),
      runtimeFiles: [...copied].sort(),
      packages: [...imported].sort(),
    },
    null,
    1,
  ) + '\n',
);
console.log(
  `Built the server in ${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${names.join(', ')} (${copied.size} run-time files copied)`,
);
