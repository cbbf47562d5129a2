// The browser for end-to-end tests and benchmarks: a system Chromium or Chrome (see
// find-chromium.mjs), never a downloaded one. The flags keep it quiet on a closed network.
import { NO_CHROMIUM, findChromium } from './find-chromium.mjs';

function executablePath(): string {
  const found = findChromium();
  if (!found) throw new Error(NO_CHROMIUM);
  return found;
}

export const CHROMIUM = {
  get executablePath() {
    return executablePath();
  },
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
