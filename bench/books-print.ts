// `npm run bench:books-print`: the print-ready PDF of a 24-page picture book (a cover and 24
// pages, one 1600 × 1600 px picture a page), made by the server's renderer
// (server/domains/books/print-pdf.ts) as GET /api/books/{id}/print.pdf makes it, from pictures held in
// memory (the database read is not timed). The pictures are encoded by a real encoder (sharp,
// libvips) from noisy, shaded pixels, so they are as large as photographed drawings: once as WebP
// (what the device's resizer uploads; POST /pictures/ keeps a JPEG copy of each, made when it is
// stored and not timed here, which the renderer takes as it is) and once as JPEG (taken into the
// PDF as they are). WebP pictures stored before the copies existed are converted while printing:
// `webp_pictures_without_print_copy` (not a target: a cost paid once per picture, then cached). Three cold runs each (the renderer's cache of converted pictures
// emptied), the slowest counted, and one warm run (the same book again: a teacher's second
// download, or the printer's copy after the teacher's). The machine's load average is printed
// beside: on a shared machine every figure grows with it; the CPU time a cold run used (all
// threads, user and system) does not, and tells what an idle machine would take. Prints one JSON object.
// Target: both books, cold, in ≤ 3 s.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { BookContent } from '../src/contract/book-pages';
import { loadavg } from 'node:os';
import { printedPicture } from '../server/domains/books/print-content';
import { forgetConvertedPictures, renderBookPdf, type PictureBytes } from '../server/lib/book-pdf';
import { printJpeg } from '../server/lib/pictures';

const PAGES = 24;
const SIZE = 1600;

/** A picture like a child's drawing photographed: shaded, with shapes and grain. */
async function picture(seed: number, format: 'webp' | 'jpeg'): Promise<Buffer> {
  const raw = Buffer.alloc(SIZE * SIZE * 3);
  let state = seed * 2654435761;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const grain = (state >>> 24) % 24;
      const i = (y * SIZE + x) * 3;
      raw[i] = ((x * 255) / SIZE + seed * 37 + grain) & 255;
      raw[i + 1] = ((y * 255) / SIZE + grain) & 255;
      raw[i + 2] = (((x + y) * 128) / SIZE + seed * 11 + grain) & 255;
    }
  }
  const shapes = Buffer.from(
    `<svg width="${SIZE}" height="${SIZE}"><circle cx="${400 + seed * 30}" cy="600" r="300" fill="#f4a261"/><rect x="700" y="${800 + seed * 10}" width="600" height="400" rx="40" fill="#2a9d8f"/><text x="200" y="1400" font-size="160" fill="#264653">Page ${seed}</text></svg>`,
  );
  const image = sharp(raw, { raw: { width: SIZE, height: SIZE, channels: 3 } }).composite([{ input: shapes }]);
  return format === 'webp' ? image.webp({ quality: 82 }).toBuffer() : image.jpeg({ quality: 82 }).toBuffer();
}

async function measure(format: 'webp' | 'jpeg', printCopies = true) {
  const stored = new Map<string, PictureBytes>();
  const ids: string[] = [];
  let picturesBytes = 0;
  for (let i = 0; i <= PAGES; i++) {
    const id = randomUUID();
    ids.push(id);
    const data = await picture(i, format);
    picturesBytes += data.byteLength;
    // As POST /pictures/ stores it, and as the print route loads it (schoolPictures).
    const print_jpeg = format === 'webp' && printCopies ? await printJpeg(data) : null;
    stored.set(id, printedPicture({ content_type: `image/${format}`, data, print_jpeg }));
  }
  const content: BookContent = {
    title: 'The Class Garden',
    trim: 'a5',
    cover: { picture: ids[0], authors: 'Robins class' },
    pages: ids.slice(1).map((id, i) => ({
      id: randomUUID(),
      layout: i % 3 === 2 ? 'full-picture' : 'picture-above',
      html: '',
      text: `On day ${i + 1} we planted seeds in the garden. Amara watered them and Zoe counted the leaves.`,
      pictures: [id],
      author: { id: i, name: i % 2 ? 'Amara' : 'Zoe' },
    })),
  };
  const render = async () => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const pdf = await renderBookPdf(content, async (wanted) => new Map(wanted.map((id) => [id, stored.get(id)!])));
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, bytes: pdf.byteLength };
  };
  const times: number[] = [];
  const cpus: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 3; run++) {
    forgetConvertedPictures();
    const r = await render();
    times.push(r.ms);
    cpus.push(r.cpuMs);
    bytes = r.bytes;
  }
  const warm = await render();
  return {
    cold_worst_ms: Math.round(Math.max(...times)),
    cold_best_ms: Math.round(Math.min(...times)),
    cold_cpu_ms: Math.round(Math.min(...cpus)),
    warm_ms: Math.round(warm.ms),
    pdf_bytes: bytes,
    pictures_bytes: picturesBytes,
  };
}

const webp = await measure('webp');
const jpeg = await measure('jpeg');
const webpWithoutCopy = await measure('webp', false);
const result = {
  benchmark: 'books-print',
  where: 'server (pdf-lib, fontkit, sharp)',
  pages: PAGES + 1,
  picture_px: SIZE,
  load_average_1m: Math.round(loadavg()[0]! * 10) / 10,
  webp_pictures: webp,
  jpeg_pictures: jpeg,
  webp_pictures_without_print_copy: webpWithoutCopy,
  targets: { 'print PDF of a 24-page picture book <= 3 s': webp.cold_worst_ms <= 3000 && jpeg.cold_worst_ms <= 3000 },
};
console.log(JSON.stringify(result, null, 2));
if (Object.values(result.targets).includes(false)) process.exitCode = 1;
