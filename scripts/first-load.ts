// What a page loads before the network goes quiet, measured the way a browser loads it: open the
// page in Chromium with service workers blocked (so nothing comes from a cache), collect every
// JavaScript response until the network has been idle, and size each by its gzipped body (what a
// gzip-only browser would transfer; brotli is smaller still). Shared by the bundle budget and
// bench:web.
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

export interface FirstLoadChunk {
  file: string;
  gzipKiB: number;
  /** Bytes on the wire as the server sent them (its Content-Encoding), in KiB. */
  transferKiB: number;
}

export interface FirstLoad {
  url: string;
  totalGzipKiB: number;
  totalTransferKiB: number;
  chunks: FirstLoadChunk[];
}

const round = (n: number) => Math.round(n * 10) / 10;

export async function measureFirstLoad(browser: Browser, url: string): Promise<FirstLoad> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const pending: Promise<FirstLoadChunk | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      if (type !== 'script' && !contentType.includes('javascript')) return;
      pending.push(
        (async () => {
          const body = await response.body().catch(() => null);
          if (!body) return null;
          const sizes = await response
            .request()
            .sizes()
            .catch(() => null);
          const file = new URL(response.url()).pathname;
          return {
            file,
            gzipKiB: gzipSync(body, { level: 9 }).length / 1024,
            transferKiB: (sizes?.responseBodySize ?? body.length) / 1024,
          };
        })(),
      );
    });
    // Network idle as Playwright (and Puppeteer's networkidle0) define it: no request for 500 ms.
    await page.goto(url, { waitUntil: 'networkidle' });
    const chunks = (await Promise.all(pending)).filter((c): c is FirstLoadChunk => c !== null).sort((a, b) => b.gzipKiB - a.gzipKiB);
    return {
      url,
      totalGzipKiB: round(chunks.reduce((n, c) => n + c.gzipKiB, 0)),
      totalTransferKiB: round(chunks.reduce((n, c) => n + c.transferKiB, 0)),
      chunks: chunks.map((c) => ({ file: c.file, gzipKiB: round(c.gzipKiB), transferKiB: round(c.transferKiB) })),
    };
  } finally {
    await context.close();
  }
}
