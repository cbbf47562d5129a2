import { chromium } from '@playwright/test';
import { CHROMIUM } from './scripts/chromium';
import { startFreshServer } from './scripts/serve-fresh';
const server = await startFreshServer();
const browser = await chromium.launch(CHROMIUM);
for (const path of ['/library']) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }});
  const page = await context.newPage();
  await page.addInitScript(() => {
    (window as any).__shifts = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) (window as any).__shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(3), src: e.sources.map((s: any) => `${s.node?.nodeName}.${s.node?.className ?? ''} ${JSON.stringify(s.previousRect)}->${JSON.stringify(s.currentRect)}`) }); }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${server.url('greenfield')}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  console.log(path, JSON.stringify(await page.evaluate(() => (window as any).__shifts), null, 1));
  await context.close();
}
await browser.close(); await server.stop();
