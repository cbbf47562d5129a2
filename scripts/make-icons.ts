// Renders the PWA's PNG icons from public/favicon.svg with the system Chromium. Run once when
// the logo changes: `npx tsx scripts/make-icons.ts` (the PNGs are committed).
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM } from './chromium';

const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch(CHROMIUM);
const page = await browser.newPage();
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
] as const) {
  // A maskable icon fills the square; its artwork stays inside the central 80% safe zone.
  const art = maskable
    ? `<div style="width:${size}px;height:${size}px;background:#11365A;display:grid;place-items:center">${svg.replace('<svg ', `<svg width="${size * 0.8}" height="${size * 0.8}" `)}</div>`
    : svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<body style="margin:0;background:transparent">${art}</body>`);
  await page.screenshot({ path: `public/icons/${name}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}
await browser.close();
