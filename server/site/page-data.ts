// What a public page's first screen is drawn from, sent with the page: the library's first books
// (a book's page, its book; a story's, the story; the charities page, the charities) are written into its HTML (so the first paint shows real cards, covers first in line, with no
// script) and as JSON beside it (so React draws the same cards without asking again and without
// the device database, which loads once the page is idle: src/features/library/library-page.tsx).
import { and, asc, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { books, type TenantRow } from '../db/schema';
import { publishedCharities } from '../domains/commerce/charity-routes';
import { bookDetail, onSale } from '../domains/library/routes';
import { reactionSummary } from '../domains/stories/reaction-routes';
import { answer as pageAnswer, PAGES_WITH_FIGURES, sitePages } from '../domains/help/page-routes';
import { readableStory } from '../domains/stories/reading-routes';
import { ANONYMOUS } from '../domains/stories/visibility';
import { REACTION_LABELS, REACTIONS } from '../../src/contract/domain';
import { offeredRoles, PLATFORM_LOGIN_NOTE } from '../../src/contract/login-roles';
import { formatDay } from '../../src/contract/day';
import { formatPrice } from '../../src/contract/price';
import { isPageSlug } from '../../src/contract/public-pages';
import type { AppEnv } from '../http/env';
import type { PageData } from '../http/pages';
import { escapeHtml } from '../lib/html';
import { translate } from '../http/language';
import { LOCALE_INFO, type Locale } from '../../src/contract/locales';
import { CpuRefusal, runCpu } from '../lib/cpu-pool';
import { sha256 } from '../lib/crypto';

/**
 * The books of the library's first screen: three rows at the widest (four across), so the page's
 * HTML and React's first render stay small; the device's copy brings the rest (PAGE in
 * library-page.tsx) once the page is idle, below the fold.
 */
export const FIRST_BOOKS = 12;
/** Covers fetched first, at high priority (FIRST_ROW in library-page.tsx); the rest lazily. */
const FIRST_ROW = 4;

// Buttons drawn here do nothing until the script has drawn the page over them, so they are
// disabled (a click waits, instead of being lost) without looking it (.awaiting-script).

type SentBook = { id: number; title: string; author: string; cover: string; price_cents: number; currency: string };

/** A message as HTML in `locale`: its words escaped, its {names} filled with the HTML given. */
const words = (locale: Locale, message: string, values: Record<string, string> = {}) =>
  escapeHtml(translate(message, locale)).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A price as the app writes it in `locale` (src/ui/format.ts). */
const priceIn = (locale: Locale, cents: number, currency: string) => formatPrice(cents, currency, LOCALE_INFO[locale].intl);

/** A card as BookCard (library-page.tsx) draws it, with the library's "Add to cart" (app/screens/library.tsx). */
export function bookCard(locale: Locale, book: SentBook, index: number): string {
  const title = escapeHtml(book.title);
  const first = index < FIRST_ROW;
  return (
    `<li class="book-card"><a class="book-link" href="/library/${book.id}">` +
    `<img src="${escapeHtml(book.cover)}" alt="" width="150" height="225" loading="${first ? 'eager' : 'lazy'}" fetchpriority="${first ? 'high' : 'auto'}" decoding="async" class="book-cover">` +
    `<span class="book-title">${title}</span></a><div class="book-info"><p class="book-author">${escapeHtml(book.author)}</p>` +
    `<p class="book-price">${escapeHtml(priceIn(locale, book.price_cents, book.currency))}</p>` +
    `<button type="button" class="button button-small awaiting-script" disabled aria-label="${words(locale, 'Add to cart: {title}', { title })}">${words(locale, 'Add to cart')}</button></div></li>`
  );
}

/** The first books of the library, in the device's order (by title as IndexedDB sorts: code points). */
async function firstBooks(c: Context<AppEnv>, tenant: TenantRow | null, locale: Locale): Promise<PageData | null> {
  const rows = await c
    .get('db')
    .select({
      id: books.id,
      title: books.title,
      author: books.author,
      cover: books.cover,
      price_cents: books.price_cents,
      currency: books.currency,
    })
    .from(books)
    .where(and(onSale(tenant)))
    .orderBy(sql`${books.title} collate "C"`, asc(books.id))
    .limit(FIRST_BOOKS);
  if (!rows.length) return null;
  return {
    slots: { books: `<ul class="book-grid">${rows.map((row, i) => bookCard(locale, row, i)).join('')}</ul>` },
    data: { books: rows },
  };
}

/** A book's page as BookPage (book-page.tsx) draws it, with the cart's button (app/screens/book.tsx). */
export function bookArticle(locale: Locale, book: NonNullable<Awaited<ReturnType<typeof bookDetail>>>): string {
  const title = escapeHtml(book.title);
  const category = book.category ? ` › <a href="/library?category=${book.category.id}">${escapeHtml(book.category.name)}</a>` : '';
  return (
    `<article class="page book-page" aria-labelledby="book-title"><p class="breadcrumbs"><a href="/library">${words(locale, 'Library')}</a>${category}</p>` +
    `<div class="book-page-body"><img src="${escapeHtml(book.cover)}" alt="${words(locale, 'Cover of {title}', { title })}" width="300" height="450" fetchpriority="high" class="book-page-cover">` +
    `<div class="book-page-text"><h1 id="book-title">${title}</h1><p class="book-author">${words(locale, 'by {author}', { author: escapeHtml(book.author) })}</p>` +
    `<p class="book-page-price">${escapeHtml(priceIn(locale, book.price_cents, book.currency))}</p>` +
    `<button type="button" class="button button-small awaiting-script" disabled aria-label="${words(locale, 'Add to cart: {title}', { title })}">${words(locale, 'Add to cart')}</button>` +
    `<h2>${words(locale, 'About this book')}</h2><p>${book.description ? escapeHtml(book.description) : words(locale, 'No description yet.')}</p>` +
    `<p class="book-report"><a href="/report-a-problem?type=book&amp;id=${book.id}">${words(locale, 'Report a problem with this book')}</a></p></div></div></article>`
  );
}

async function oneBook(c: Context<AppEnv>, tenant: TenantRow | null, locale: Locale): Promise<PageData | null> {
  const id = Number(/^\/library\/(\d+)\/?$/.exec(c.req.path)?.[1]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const book = await bookDetail(c.get('db'), tenant, id);
  return book ? { slots: { book: bookArticle(locale, book) }, data: { book } } : null;
}

/** The charities as CharitiesPage (charities-page.tsx) lists them. */
async function charityList(c: Context<AppEnv>, tenant: TenantRow | null): Promise<PageData | null> {
  const rows = await publishedCharities(c.get('db'), tenant);
  const cards = rows.map(
    (r) =>
      `<li class="charity-card"><h2><a href="/charities/${encodeURIComponent(r.slug)}">${escapeHtml(r.name)}</a></h2><p>${escapeHtml(r.description)}</p></li>`,
  );
  return {
    slots: { charities: `<ul class="charity-grid">${cards.join('')}</ul>` },
    data: { charities: rows.map(({ id, slug, name, description }) => ({ id, slug, name, description })) },
  };
}

/**
 * Sign-in's first step as RoleStep (role-step.tsx) draws it, for this site's roles. The tiles'
 * icons are drawn by the script; their coloured boxes are here already.
 */
async function loginStep(_c: Context<AppEnv>, tenant: TenantRow | null, locale: Locale): Promise<PageData | null> {
  const schoolSite = tenant !== null && !tenant.is_organization;
  const tiles = offeredRoles(schoolSite, tenant?.community_password_hash != null).map(
    (r) =>
      `<li><button type="button" class="role-tile role-${r.role} awaiting-script" disabled><span class="role-icon"></span><span class="role-label">${escapeHtml(translate(r.label, locale))}</span><span class="role-text">${escapeHtml(translate(r.text, locale))}</span></button></li>`,
  );
  const note = schoolSite ? '' : `<p class="auth-note">${escapeHtml(translate(PLATFORM_LOGIN_NOTE, locale))}</p>`;
  return {
    slots: {
      login: `<section class="auth" aria-labelledby="auth-title"><div class="auth-card"><h1 id="auth-title" tabindex="-1">${words(locale, 'Sign in')}</h1><p class="auth-subtitle">${words(locale, 'Who is signing in?')}</p><ul class="role-list">${tiles.join('')}</ul>${note}</div></section>`,
    },
    data: {},
  };
}

/**
 * A story's reading page as StoryPage (story-page.tsx) draws it for a reader who is not signed in:
 * only a story anyone may read is drawn (a signed-in reader's page asks the API, which knows them).
 */
async function oneStory(c: Context<AppEnv>, tenant: TenantRow | null, locale: Locale): Promise<PageData | null> {
  const slug = /^\/stories\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(c.req.path)?.[1];
  if (!slug || slug.length > 160) return null;
  const row = await readableStory(c.get('db'), tenant, ANONYMOUS, slug);
  if (!row) return null;
  const body = await cleanedOnce(row.body, 'cleanDocumentHtml');
  if (body === null) return null;
  const story = { ...row, body, reactions: await reactionSummary(c.get('db'), row.id, null) };
  const title = escapeHtml(story.title);
  const buttons = REACTIONS.map((r) => {
    const n = story.reactions.counts[r];
    return `<button type="button" class="reaction" aria-pressed="false" disabled="" aria-label="${escapeHtml(translate(REACTION_LABELS[r].name, locale))}: ${n}"><span aria-hidden="true">${REACTION_LABELS[r].emoji}</span> <span aria-hidden="true">${n}</span></button>`;
  });
  const html =
    `<article class="page story-page" aria-labelledby="story-title"><p class="breadcrumbs"><a href="/library">${words(locale, 'Library')}</a>${story.category ? ` › ${escapeHtml(story.category)}` : ''}</p>` +
    (story.cover
      ? `<img src="${escapeHtml(story.cover)}" alt="${words(locale, 'Cover of {title}', { title })}" class="story-cover">`
      : '') +
    `<h1 id="story-title">${title}</h1><p class="story-byline">${words(locale, 'by {author}', { author: escapeHtml(story.author) })} · ${escapeHtml(story.school)}</p>` +
    (story.sdgs.length
      ? `<ul class="story-sdgs" aria-label="${words(locale, 'Sustainable Development Goals')}">${story.sdgs.map((g) => `<li>${words(locale, 'Goal {goal}', { goal: String(g) })}</li>`).join('')}</ul>`
      : '') +
    (story.charity ? `<p class="story-charity">${words(locale, 'Supports {charity}', { charity: escapeHtml(story.charity) })}</p>` : '') +
    `<div class="story-body">${story.body}</div>` +
    `<section class="story-reactions" aria-labelledby="reactions-title"><h2 id="reactions-title">${words(locale, 'Reactions')}</h2><div role="group" aria-label="${words(locale, 'React to this story')}" class="reaction-bar">${buttons.join('')}</div>` +
    `<p class="story-hint">${words(locale, 'Children signed in and parents with the community password can react.')}</p></section>` +
    `<p class="story-report"><a href="/report-a-problem?type=story&amp;id=${story.id}">${words(locale, 'Report a problem with this story')}</a></p></article>`;
  return { slots: { story: html }, data: { story } };
}

/**
 * A public page (/about, /privacy-policy, ...) as ContentPage (content-page.tsx) draws it. The
 * pages with live figures (global reach, the goals, the libraries) are left to the app.
 */
async function contentPage(c: Context<AppEnv>, tenant: TenantRow | null, locale: Locale): Promise<PageData | null> {
  const slug = /^\/([a-z-]+)\/?$/.exec(c.req.path)?.[1];
  if (!slug || !isPageSlug(slug) || PAGES_WITH_FIGURES.has(slug)) return null;
  const [row] = await sitePages(c.get('db'), tenant, slug);
  if (!row) return null;
  const body = await cleanedOnce(row.body, 'cleanHtml');
  if (body === null) return null;
  const page = { ...pageAnswer(row), body };
  const html =
    `<article class="page content-page" aria-labelledby="page-title"><h1 id="page-title">${escapeHtml(page.title)}</h1>` +
    `<p class="page-updated">${words(locale, 'Last updated <0>{updated}</0>', {
      updated: formatDay(page.updated_at, LOCALE_INFO[locale].intl),
    })
      .replace('&lt;0&gt;', `<time datetime="${escapeHtml(page.updated_at)}">`)
      .replace('&lt;/0&gt;', '</time>')}</p>` +
    `<div class="page-body">${page.body}</div></article>`;
  return { slots: { page: html }, data: { page }, title: page.title, description: page.description };
}

/**
 * Stored HTML as drawn into a page: cleaned when it was saved, and cleaned again here once per
 * version of the text (in the worker pool, then kept by its hash), so a row written before cleaning at write,
 * or by hand, is never drawn as it is, and no view costs the server a cleaning. Null when the
 * row is too large to clean now (the app draws that page itself, cleaning it on the device).
 */
const cleaned = new Map<string, string>();
const CLEANED_KEPT = 500;
async function cleanedOnce(html: string, task: 'cleanHtml' | 'cleanDocumentHtml'): Promise<string | null> {
  const key = `${task}:${sha256(html)}`;
  const kept = cleaned.get(key);
  if (kept !== undefined) return kept;
  const clean = await runCpu(task, html).then(
    (r) => r.html,
    (err: unknown) => {
      if (err instanceof CpuRefusal) return null;
      throw err;
    },
  );
  if (clean === null) return null;
  if (cleaned.size >= CLEANED_KEPT) cleaned.delete(cleaned.keys().next().value!);
  cleaned.set(key, clean);
  return clean;
}

const FILLS: Record<string, (c: Context<AppEnv>, tenant: TenantRow | null, locale: Locale) => Promise<PageData | null>> = {
  'library.html': firstBooks,
  'home.html': firstBooks,
  'book.html': oneBook,
  'charities.html': charityList,
  'login.html': loginStep,
  'story.html': oneStory,
};

/** The content of a page's first screen, drawn by the server (http/pages.ts writes it in). */
export async function pageData(
  c: Context<AppEnv>,
  page: string | undefined,
  tenant: TenantRow | null,
  locale: Locale,
): Promise<PageData | null> {
  const fill = page ? (FILLS[page] ?? (isPageSlug(page.replace(/\.html$/, '')) ? contentPage : undefined)) : undefined;
  return fill ? fill(c, tenant, locale) : null;
}
