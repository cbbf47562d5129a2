// In Chromium: a 24-page picture book (one 1600 px picture a page, kept on the device like a
// book opened once) opened in the real reader with no network (read from IndexedDB, rendered,
// painted), then its pages turned with the arrow key, each timed to the next painted frame.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import type { BookContent } from '@/contract/book-pages';
import { db } from '@/data/db';
import { keepBook, keptBook } from '@/data/kept-books';
import { Pages } from '@/features/book-reader/book-reader';
import { activateSource, i18n } from '@/i18n/i18n';

const PAGES = 24;
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const round = (x: number) => Math.round(x * 100) / 100;
const pictureId = (n: number) => `22222222-3333-4444-8555-${String(n).padStart(12, '0')}`;

async function picture(n: number): Promise<ArrayBuffer> {
  const canvas = new OffscreenCanvas(1600, 1200);
  const g = canvas.getContext('2d')!;
  for (let i = 0; i < 40; i++) {
    g.fillStyle = `hsl(${(n * 37 + i * 9) % 360} 70% ${40 + (i % 5) * 8}%)`;
    g.fillRect((i * 97) % 1600, (i * 53) % 1200, 400, 300);
  }
  return (await canvas.convertToBlob({ type: 'image/webp', quality: 0.82 })).arrayBuffer();
}

async function imagesDecoded(root: HTMLElement) {
  await Promise.all([...root.querySelectorAll('img')].map((img) => img.decode().catch(() => undefined)));
}

export async function run() {
  const pictures = await Promise.all(Array.from({ length: PAGES + 1 }, (_, n) => picture(n)));
  await db.pictures.bulkPut(
    pictures.map((data, n) => ({ id: pictureId(n), owner_id: 1, type: 'image/webp', data, width: 1600, height: 1200 })),
  );
  const content: BookContent = {
    title: 'Our Seaside Book',
    trim: 'a5',
    cover: { picture: pictureId(0), authors: 'Year 4 Robins' },
    pages: Array.from({ length: PAGES }, (_, i) => ({
      id: `page-${i + 1}`,
      layout: 'picture-above' as const,
      html: `<p>On page ${i + 1} the children walked along the beach and found a shell, a crab and a very old boot.</p>`,
      text: `On page ${i + 1} the children walked along the beach and found a shell, a crab and a very old boot.`,
      pictures: [pictureId(i + 1)],
      author: { id: 100 + (i % 6), name: `Child ${(i % 6) + 1}` },
    })),
  };
  await keepBook({ id: 1, kind: 'made', status: 'published', page_count: PAGES, content });
  const el = document.createElement('div');
  document.body.append(el);
  activateSource();
  const root = createRoot(el);

  // Opening offline: read the kept copy from IndexedDB, render the reader, paint the cover.
  const t0 = performance.now();
  const kept = await keptBook(1);
  flushSync(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <Pages content={kept!.content} />
      </I18nProvider>,
    ),
  );
  const painted = await frame();
  await imagesDecoded(el);
  const withPicture = performance.now();

  // Turning pages: ArrowRight, timed to the next painted frame (and to its picture decoded).
  const turns: number[] = [];
  const turnsWithPicture: number[] = [];
  for (let i = 0; i < PAGES; i++) {
    const s = performance.now();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    turns.push((await frame()) - s);
    await imagesDecoded(el);
    turnsWithPicture.push(performance.now() - s);
  }
  const last = el.querySelector('[role="status"]')?.textContent;
  root.unmount();
  return {
    pages: PAGES,
    picture_px: 1600,
    open_offline_ms: round(painted - t0),
    open_offline_with_cover_picture_ms: round(withPicture - t0),
    page_turn_p95_ms: round(p95(turns)),
    page_turn_max_ms: round(Math.max(...turns)),
    page_turn_with_picture_p95_ms: round(p95(turnsWithPicture)),
    reached_last_page: last === `Page ${PAGES} of ${PAGES}` ? 1 : 0,
  };
}

(globalThis as unknown as { booksBench: unknown }).booksBench = { run };
