// The first-load budget, measured the way a browser loads the page: the built server starts on a
// free port with a fresh data folder, Chromium opens /library with service workers blocked, and
// every JavaScript file fetched until the network is idle is summed by its gzipped size. Over
// the budget fails, and so does any admin, PDF, QR, CSV, XState, zod, editor or <Trans> code among those
// files (chunk-modules.json, written by the build, says which modules each file holds). Prints
// the figure and the five largest files. Needs `vite build` first.
import { existsSync, readFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
const { chromium } = await import('@playwright/test');
const { CHROMIUM } = await import('./chromium');
const { measureFirstLoad } = await import('./first-load');
const { startFreshServer } = await import('./serve-fresh');

// Issue 15's budget. What the first load holds: React and ReactDOM (about 62 KiB), TanStack
// Router (about 29) and the app's own shell. The device database (Dexie, about 31 KiB) is not
// in it: the library's first books come with the page (server/site/page-data.ts) and Dexie loads
// once the page is idle (src/data/on-demand.ts).
export const BUDGET_KIB = 120;
export const TARGET_KIB = 120;
const FORBIDDEN = [
  /node_modules\/zod\//,
  /node_modules\/pdf-lib\//,
  /node_modules\/harfbuzzjs\//,
  /node_modules\/qrcode\//,
  /node_modules\/papaparse\//,
  /node_modules\/@zxing\//,
  /node_modules\/xstate\//,
  /node_modules\/@tiptap\//,
  /node_modules\/prosemirror-/,
  /node_modules\/yjs\//,
  /node_modules\/uplot\//,
  /node_modules\/driver\.js\//,
  /node_modules\/dompurify\//,
  /src\/features\/admin-/,
  // Lingui's <Trans> (rich text): the first load's screens use t`…` (src/i18n/trans.tsx).
  /node_modules\/@lingui\/react\/dist\/shared\//,
];

if (!existsSync('dist/.vite/chunk-modules.json')) {
  console.error('Build first: `npx vite build` (dist/.vite/chunk-modules.json is missing).');
  process.exit(1);
}
const modules = JSON.parse(readFileSync('dist/.vite/chunk-modules.json', 'utf8'));

const server = await startFreshServer();
const browser = await chromium.launch(CHROMIUM);
let result;
try {
  result = await measureFirstLoad(browser, `${server.url('greenfield')}/library`);
} finally {
  await browser.close();
  await server.stop();
}

const offenders = result.chunks.flatMap(({ file }) =>
  (modules[file.replace(/^\//, '')] ?? []).filter((id) => FORBIDDEN.some((re) => re.test(id))).map((id) => `${file}: ${id}`),
);
console.log(
  JSON.stringify(
    {
      route: '/library',
      measured: 'JavaScript fetched until the network is idle, service workers blocked, gzipped',
      budgetKiB: BUDGET_KIB,
      targetKiB: TARGET_KIB,
      firstLoadKiB: result.totalGzipKiB,
      files: result.chunks.length,
      largest: result.chunks.slice(0, 5),
    },
    null,
    2,
  ),
);
let ok = true;
if (result.chunks.length === 0) {
  console.error('No JavaScript was fetched: the measurement itself is broken.');
  ok = false;
}
if (result.totalGzipKiB > BUDGET_KIB) {
  console.error(`First-load JS for /library is ${result.totalGzipKiB} KiB gzipped, over the ${BUDGET_KIB} KiB budget.`);
  ok = false;
}
if (offenders.length) {
  console.error(`Code that must load on demand is in the first load:\n  ${offenders.join('\n  ')}`);
  ok = false;
}
process.exit(ok ? 0 : 1);
