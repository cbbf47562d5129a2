// Book covers: GET /covers/{id}.svg draws a cover from the book's title and author, so the demo
// catalogue has real, cacheable images without shipping thousands of files.
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { books } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { Id } from '../../http/schemas';
import { onSale } from './routes';

const PALETTES: [string, string, string][] = [
  ['#1E3A5F', '#F4A261', '#FFFFFF'],
  ['#2A9D8F', '#E9C46A', '#0B1D1A'],
  ['#6D2E46', '#F7D1CD', '#FFFFFF'],
  ['#264653', '#E76F51', '#FFFFFF'],
  ['#3D348B', '#F7B801', '#FFFFFF'],
  ['#0B6E4F', '#FFD166', '#FFFFFF'],
  ['#8D0801', '#F4D58D', '#FFFFFF'],
  ['#14213D', '#FCA311', '#FFFFFF'],
];

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = last + ' ' + word;
    else lines.push(word);
  }
  return lines.slice(0, maxLines);
}

export function coverSvg(id: number, title: string, author: string): string {
  const [bg, accent, ink] = PALETTES[id % PALETTES.length]!;
  const titleLines = wrap(title, 14, 4)
    .map(
      (line, i) =>
        `<text x="150" y="${150 + i * 40}" text-anchor="middle" font-size="32" font-weight="700" fill="${ink}">${escapeXml(line)}</text>`,
    )
    .join('');
  const shape =
    id % 2 === 0
      ? `<circle cx="150" cy="360" r="46" fill="${accent}"/>`
      : `<rect x="104" y="314" width="92" height="92" rx="14" fill="${accent}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 450" width="300" height="450" role="img" aria-label="${escapeXml(title)}" font-family="sans-serif"><rect width="300" height="450" fill="${bg}"/><rect x="14" y="14" width="272" height="422" fill="none" stroke="${accent}" stroke-width="4" rx="8"/>${titleLines}<text x="150" y="300" text-anchor="middle" font-size="18" fill="${ink}">${escapeXml(author)}</text>${shape}</svg>`;
}

export const coverRoutes = new Hono<AppEnv>().get('/covers/:file{[0-9]+\\.svg}', async (c) => {
  // Digits beyond any row's id (past the database's integer) name no cover: 404, never a failed query.
  const parsed = Id.safeParse(c.req.param('file').slice(0, -'.svg'.length));
  if (!parsed.success) fail(404, 'No such cover.');
  const id = parsed.data;
  const tenant = c.get('tenant');
  const [book] = await c
    .get('db')
    .select({ id: books.id, title: books.title, author: books.author })
    .from(books)
    // Only a book on sale: a cover shows the title and author of a book that is not out yet.
    .where(and(eq(books.id, id), onSale(tenant)))
    .limit(1);
  if (!book) fail(404, 'No such cover.');
  c.header('Content-Type', 'image/svg+xml; charset=utf-8');
  c.header('Cache-Control', 'public, max-age=604800');
  return c.body(coverSvg(book.id, book.title, book.author));
});
