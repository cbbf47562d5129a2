// The first-load budget: the JavaScript /library needs before it is interactive (the entry
// chunk, the library screen's chunk, and everything they import statically) must stay at or
// under 160 KiB gzipped, and must not contain admin, PDF, QR, CSV, XState or zod code. Prints the figure.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KIB = 160;
const ROUTE_MODULE = 'src/app/screens/library.tsx';
const FORBIDDEN = [/node_modules\/zod\//, /node_modules\/jspdf\//, /node_modules\/qrcode\//, /node_modules\/papaparse\//, /node_modules\/@zxing\//, /src\/features\/admin-/, /node_modules\/xstate\//];

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
const modules = JSON.parse(readFileSync('dist/.vite/chunk-modules.json', 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry || !manifest[ROUTE_MODULE]) throw new Error(`The manifest lacks the entry or ${ROUTE_MODULE}`);
collect(entry);
collect(ROUTE_MODULE);

const sizes = [...files].map((file) => ({ file, gzipKiB: gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length / 1024 }));
const total = sizes.reduce((sum, s) => sum + s.gzipKiB, 0);
const offenders = [...files].flatMap((file) => (modules[file] ?? []).filter((id) => FORBIDDEN.some((re) => re.test(id))).map((id) => `${file}: ${id}`));

console.log(JSON.stringify({ route: '/library', budgetKiB: BUDGET_KIB, firstLoadKiB: Number(total.toFixed(1)), files: sizes.map((s) => ({ ...s, gzipKiB: Number(s.gzipKiB.toFixed(1)) })) }, null, 2));
let ok = true;
if (total > BUDGET_KIB) {
  console.error(`First-load JS for /library is ${total.toFixed(1)} KiB gzipped, over the ${BUDGET_KIB} KiB budget.`);
  ok = false;
}
if (offenders.length) {
  console.error(`Code that must load on demand is in the first load:\n  ${offenders.join('\n  ')}`);
  ok = false;
}
process.exit(ok ? 0 : 1);
