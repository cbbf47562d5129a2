// Where the end-to-end tests and benchmarks find a Chromium or Chrome: CHROMIUM_PATH, then the
// usual system places, then Playwright's own browser cache. Never downloads one.
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

// Debian's headless shell first (package chromium-headless-shell, the same build without the
// browser's windowing layer): every use here is headless, and the end-to-end journeys took about
// a quarter less time and CPU in it than in the full browser's headless mode.
const SYSTEM_PATHS = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** Executables inside Playwright's browser cache (newest build first). */
function playwrightBrowsers() {
  const cache =
    process.env.PLAYWRIGHT_BROWSERS_PATH ||
    join(homedir(), process.platform === 'darwin' ? 'Library/Caches/ms-playwright' : '.cache/ms-playwright');
  if (!existsSync(cache)) return [];
  const builds = readdirSync(cache)
    .filter((name) => /^chromium(_headless_shell)?-\d+$/.test(name))
    .sort((a, b) => Number(b.split('-').pop()) - Number(a.split('-').pop()));
  const inside = [
    'chrome-linux/chrome',
    'chrome-linux64/chrome',
    'chrome-linux/headless_shell',
    'chrome-headless-shell-linux64/chrome-headless-shell',
    'chrome-mac/Chromium.app/Contents/MacOS/Chromium',
  ];
  return builds.flatMap((build) => inside.map((file) => join(cache, build, file)));
}

/** The first browser that exists, or null. CHROMIUM_PATH, when set, must exist. */
export function findChromium() {
  const given = process.env.CHROMIUM_PATH;
  if (given) return existsSync(given) ? given : null;
  return [...SYSTEM_PATHS, ...playwrightBrowsers()].find((path) => existsSync(path)) ?? null;
}

export const NO_CHROMIUM =
  "No Chromium or Chrome found (CHROMIUM_PATH, /usr/bin/chromium, Playwright's cache): install one with `sudo apt-get install chromium-headless-shell` or `chromium` (Debian/Ubuntu), or `npx playwright install chromium` where downloads are allowed, or set CHROMIUM_PATH.";
