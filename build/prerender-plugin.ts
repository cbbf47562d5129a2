// Build step: the public shell in the HTML, so the first paint needs no JavaScript. The app shell
// (index.html, which the service worker keeps for offline starts) gets the header and footer;
// each public route gets its own page in dist/pages with its heading, a skeleton of its content,
// its title and description, and links to its screen's stylesheet and code (so the browser
// fetches them at once instead of after the entry has run). dist/pages/pages.json tells the
// server which page answers which path. React then renders over it with the same boxes.
//
// The school's name and colours are not known at build time, nor its books: the server fills the
// marked places (server/http/pages.ts, server/site/page-data.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import type * as Links from '../src/app/layouts/links';
import { LOCALE_INFO, LOCALES, type Locale } from '../src/contract/locales';
import { parsePo } from '../src/contract/po';
import { PLATFORM_DESCRIPTION, PLATFORM_NAME } from '../src/contract/tenant-colors';
import { isPageSlug } from '../src/contract/public-pages';
import { importWithMacros } from './lingui';

/** The layouts' links with their English words (the macros run at build time: build/lingui.ts). */
let links: { menu: { to: string; label: string }[]; footer: { to: string; label: string }[] } | undefined;
async function loadLinks() {
  const m = await importWithMacros<typeof Links>('src/app/layouts/links.ts');
  // Each label is a message whose English words are compiled into it (plain text: one string).
  const english = (l: { to: string; label: { message?: unknown } }) => ({ to: l.to, label: [l.label.message].flat().join('') });
  links = { menu: m.MENU_LINKS.map(english), footer: m.FOOTER_LINKS.map(english) };
}

const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/** Words in the page's language, as HTML: a message's English is its key in the catalogues. */
type Say = (english: string) => string;

/** Each language's words for the pages, from the .po files the screens are built from (English as it is). */
function sayIn(root: string, locale: Locale): Say {
  const words =
    locale === 'en' ? new Map<string, string>() : parsePo(readFileSync(join(root, 'src/locales', locale, 'messages.po'), 'utf8'));
  return (english) => escape(words.get(english) ?? english);
}

/** Where the server writes the site's name (and the default until it does). */
export const NAME_MARK = (fallback = PLATFORM_NAME) => `<!--tenant-name-->${escape(fallback)}<!--/tenant-name-->`;

const icon = (paths: string, size = 22, className = '') =>
  `<svg${className ? ` class="${className}"` : ''} width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`;

/**
 * The header as React first renders it for a visitor who is not signed in (header.tsx). Its
 * buttons wait for the script (disabled, not looking it: .awaiting-script), so a press waits
 * rather than being lost; the search form and the links work without it.
 */
function header(path: string, say: Say): string {
  const login = `/login${path === '/' || path.startsWith('/login') ? '' : `?redirect=${encodeURIComponent(path)}`}`;
  const menu = [...links!.menu, { to: login, label: 'Login' }]
    .map((l) => `<li><a href="${escape(l.to)}">${say(l.label)}</a></li>`)
    .join('');
  return (
    `<header class="site-header"><a href="#main" class="skip-link">${say('Skip to content')}</a><div class="site-header-inner">` +
    `<a class="brand" href="/"><span class="brand-name">${NAME_MARK()}</span></a>` +
    `<!--switchboard--><div class="switchboard"><div class="mode-picker"><button type="button" class="mode-button awaiting-script" disabled aria-haspopup="true" aria-expanded="false">${say('Modes')}<span aria-hidden="true"> ▾</span></button></div>` +
    `<form role="search" class="switchboard-search" action="/library"><label for="site-search" class="visually-hidden">${say('Search books and stories')}</label>` +
    `<input id="site-search" name="search" autocomplete="off" placeholder="${say('Search books and stories')}" type="search">` +
    `<button type="submit" class="icon-button" aria-label="${say('Search')}">${icon('<circle cx="11" cy="11" r="7"></circle><path d="m20 20-3.5-3.5"></path>', 18)}</button></form></div><!--/switchboard-->` +
    `<nav class="header-actions" aria-label="${say('Account')}"><a class="cart-link" aria-label="${say('Cart')}" href="/cart">${icon('<circle cx="9" cy="20" r="1.5"></circle><circle cx="18" cy="20" r="1.5"></circle><path d="M2 3h3l2.4 11.2a2 2 0 0 0 2 1.6h8.3a2 2 0 0 0 2-1.5L22 7H6"></path>', 22, 'flip-in-rtl')}</a>` +
    `<a class="button button-small header-account" href="${escape(login)}">${say('Login')}</a>` +
    `<button type="button" class="icon-button menu-button awaiting-script" disabled aria-label="${say('Open menu')}" aria-expanded="false" aria-controls="mobile-menu">${icon('<path d="M3 6h18M3 12h18M3 18h18"></path>')}</button></nav></div>` +
    `<div id="mobile-menu" class="mobile-menu" hidden><nav aria-label="${say('Menu')}"><ul>${menu}</ul></nav></div></header>`
  );
}

/** The language picker as React first renders it (src/ui/language-picker.tsx), waiting for the script. */
const languagePicker = (locale: Locale, say: Say) =>
  `<div class="language-picker"><label for="language-picker">${icon('<circle cx="12" cy="12" r="9"></circle><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"></path>', 18)}<span>${say('Language')}</span></label>` +
  `<select id="language-picker" class="awaiting-script" disabled>${LOCALES.map((l) => `<option value="${l}" lang="${l}"${l === locale ? ' selected' : ''}>${escape(LOCALE_INFO[l].name)}</option>`).join('')}</select></div>`;

function footer(locale: Locale, say: Say): string {
  const items = links!.footer.map((l) => `<li><a href="${l.to}">${say(l.label)}</a></li>`).join('');
  return `<footer class="site-footer"><nav aria-label="${say('Legal and contact')}"><ul>${items}</ul></nav>${languagePicker(locale, say)}<p>© <!--year-->${new Date().getFullYear()}<!--/year--> ${NAME_MARK()}</p></footer>`;
}

const main = (content: string) => `<main id="main" class="site-main" tabindex="-1">${content}</main>`;

/** The library's grid while the books load: the same boxes the cards take (library-page.tsx). */
export const SKELETON_CARDS = 6;
const skeletonGrid = () =>
  `<ul class="book-grid" aria-hidden="true">${'<li class="book-card skeleton-card"><span class="book-cover"></span><span class="skeleton-line"></span><span class="skeleton-line short"></span></li>'.repeat(SKELETON_CARDS)}</ul>`;

interface PublicPage {
  /** A path, or a pattern with :id. */
  path: string;
  file: string;
  title: string;
  description: string;
  /** The route's screen in the build manifest: its CSS and code are linked from the page. */
  module?: string;
  content: string;
}

const DESCRIPTION = PLATFORM_DESCRIPTION;
const library = (say: Say) =>
  `<section class="page library" aria-labelledby="library-title"><h1 id="library-title">${say('Online Library')}</h1><p class="lead">${say('Books and stories to read, share and buy.')}</p><div class="category-slot"></div><!--books-->${skeletonGrid()}<!--/books--></section>`;

// The public content pages (their text comes from the site's pages, drawn in by the server), the
// Help Center and the contact form: only the heading is known here.
const CONTENT_PAGES: [path: string, title: string][] = [
  ['/about', 'About us'],
  ['/faq', 'Help Center'],
  ['/contact', 'Contact us'],
  ['/our-framework', 'Our framework'],
  ['/our-team', 'Our team'],
  ['/global-reach', 'Global reach'],
  ['/testimonials', 'Testimonials'],
  ['/terms-of-use', 'Terms of use'],
  ['/refund-policy', 'Refund policy'],
  ['/privacy-policy', 'Privacy policy'],
];

/** The public pages in one language (`say` gives its words). */
const pagesIn = (say: Say): PublicPage[] => [
  {
    path: '/',
    file: 'home.html',
    title: 'Online Library',
    description: DESCRIPTION,
    module: 'src/app/screens/library.tsx',
    content: library(say),
  },
  {
    path: '/library',
    file: 'library.html',
    title: 'Online Library',
    description: 'Books and stories to read, share and buy, chosen for schools and families.',
    module: 'src/app/screens/library.tsx',
    content: library(say),
  },
  {
    path: '/library/:id',
    file: 'book.html',
    title: 'A book in the library',
    description: 'A book in the online library: read about it, then add it to your cart.',
    module: 'src/app/screens/book.tsx',
    content: `<!--book--><article class="page book-page" aria-busy="true"><p class="breadcrumbs"><a href="/library">${say('Library')}</a></p><div class="book-page-body"><span class="book-page-cover skeleton-cover"></span><div class="book-page-text"><span class="skeleton-line"></span><span class="skeleton-line short"></span></div></div></article><!--/book-->`,
  },
  {
    path: '/stories/:slug',
    file: 'story.html',
    title: 'A story in the library',
    description: 'A story written by a student, in the online library.',
    module: 'src/features/stories/story-page.tsx',
    content: `<!--story--><p class="page">${say('Loading the story…')}</p><!--/story-->`,
  },
  {
    path: '/login',
    file: 'login.html',
    title: 'Sign in',
    description:
      'Sign in to your school site: students with their class code, teachers and administrators with their e-mail, parents with the community password.',
    module: 'src/features/auth/login-page.tsx',
    content: `<!--login--><section class="auth" aria-labelledby="auth-title"><div class="auth-card"><h1 id="auth-title" tabindex="-1">${say('Sign in')}</h1><p class="auth-status" role="status">${say('Loading…')}</p></div></section><!--/login-->`,
  },
  {
    path: '/charities',
    file: 'charities.html',
    title: 'Charities',
    description: 'The charities our schools support: pick a cause and donate.',
    module: 'src/features/charities/charities-page.tsx',
    content: `<section class="page" aria-labelledby="charities-title"><h1 id="charities-title">${say('Charities')}</h1><p class="lead">${say('Every donation goes to a cause our schools chose. Pick one to support.')}</p><!--charities--><p role="status">${say('Loading charities…')}</p><!--/charities--></section>`,
  },
  // The content pages' text is drawn by the server (server/site/page-data.ts) into the `page` slot.
  ...CONTENT_PAGES.map(([path, title]) => {
    const heading = `<section class="page" aria-labelledby="page-title"><h1 id="page-title">${say(title)}</h1></section>`;
    const content = isPageSlug(path.slice(1));
    return {
      path,
      file: `${path.slice(1)}.html`,
      title,
      description: `${title}: ${DESCRIPTION}`,
      ...(content ? { module: 'src/features/pages/content-page.tsx' } : {}),
      content: content ? `<!--page-->${heading}<!--/page-->` : heading,
    };
  }),
];

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** The stylesheets and code a route's screen needs beyond what the entry already loads. */
function routeAssets(manifest: Record<string, ManifestChunk>, module: string | undefined) {
  if (!module || !manifest[module]) return { css: [], js: [] };
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const loaded = new Set<string>();
  // Each chunk after the chunks it imports (the order the entry runs them in, one per task).
  const walk = (key: string, into: Set<string>, seen = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) walk(dep, into, seen);
    into.add(chunk.file);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k] === entry);
  if (entryKey) walk(entryKey, loaded);
  const needed = new Set<string>();
  walk(module, needed);
  const files = [...needed].filter((f) => !loaded.has(f));
  const css = new Set<string>();
  for (const key of Object.keys(manifest)) if (files.includes(manifest[key]!.file)) for (const c of manifest[key]!.css ?? []) css.add(c);
  return { css: [...css], js: files };
}

/**
 * The head in the order the first paint needs it: stylesheets first (they block the paint), then
 * the entry (src/boot.ts, tiny) at low priority. The page paints from its HTML, so no code is
 * fetched before it has painted: the modules the page will need are listed in a meta element
 * (`app-modules`) that the entry preloads once the paint is done. Scripts must not compete with
 * the stylesheets and the first covers on a slow connection (and Lighthouse's model counts every
 * request started before the largest paint as holding it up).
 */
export function headOrder(html: string): string {
  const end = html.indexOf('</head>');
  let head = html.slice(0, end);
  // The route's screen first, the app (src/main.tsx, last of its list) last: both lists put
  // each chunk after the chunks it imports, and the entry runs them in this order.
  const modules = new Set<string>();
  head = head.replace(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) => (modules.add(href), ''));
  head = head.replace(
    /<meta name="app-modules" content="([^"]*)">/g,
    (_tag, list: string) => (list.split(' ').forEach((href) => modules.add(href)), ''),
  );
  // Each stylesheet once (the app's links and a route's overlap).
  const seen = new Set<string>();
  head = head.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) =>
    seen.has(href) ? '' : (seen.add(href), tag),
  );
  const sheets = head.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  for (const sheet of sheets) head = head.replace(sheet, '');
  const listed = modules.size ? `<meta name="app-modules" content="${[...modules].join(' ')}">` : '';
  head = head
    .replace('</title>', `</title>${sheets.join('')}${listed}`)
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"');
  return head + html.slice(end);
}

type Bundle = NonNullable<Parameters<Extract<NonNullable<Plugin['transformIndexHtml']>, { handler: unknown }>['handler']>[1]['bundle']>;

/**
 * The app (src/main.tsx) is loaded by the entry once the page has painted (src/boot.ts): its
 * stylesheets are linked here, so nothing the server drew moves when it runs, and its code is
 * preloaded at low priority, so it is there when the entry asks for it.
 */
function appLinks(bundle: Bundle | undefined): string {
  const chunks = Object.values(bundle ?? {}).filter((c) => c.type === 'chunk');
  const main = chunks.find((c) => c.facadeModuleId?.endsWith('/src/main.tsx'));
  if (!main) return '';
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const walk = (fileName: string) => {
    const chunk = chunks.find((c) => c.fileName === fileName);
    if (!chunk || seen.has(fileName)) return;
    seen.add(fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const dep of chunk.imports) walk(dep);
    js.add(fileName);
  };
  walk(main.fileName);
  return [
    ...[...css].map((f) => `<link rel="stylesheet" href="/${f}">`),
    ...[...js].map((f) => `<link rel="modulepreload" href="/${f}">`),
  ].join('');
}

function withShell(html: string, path: string, content: string, locale: Locale = 'en', say: Say = escape): string {
  return html.replace(
    /<div id="root">[\s\S]*?<\/div><!--\/root-->/,
    `<div id="root">${header(path, say)}${main(content)}${footer(locale, say)}</div><!--/root-->`,
  );
}

export function prerender(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'prerender-shell',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    buildStart: () => loadLinks(),
    // The offline shell: header and footer around an empty main.
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        headOrder(
          withShell(html.replace('<div id="root"></div>', '<div id="root"></div><!--/root-->'), '/', '').replace(
            '</head>',
            `${appLinks(ctx.bundle)}</head>`,
          ),
        ),
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
        const index: Record<string, string> = {};
        // Every page in every language: English in pages/, the others in pages/<locale>/ (the
        // server picks one: server/http/language.ts, pageLocale), each with its <html lang dir>.
        for (const locale of LOCALES) {
          const say = sayIn(root, locale);
          const dir = join(outDir, 'pages', ...(locale === 'en' ? [] : [locale]));
          mkdirSync(dir, { recursive: true });
          const inLanguage = shell.replace(/<html lang="en">/, `<html lang="${locale}" dir="${LOCALE_INFO[locale].dir}">`);
          for (const page of pagesIn(say)) {
            const { css, js } = routeAssets(manifest, page.module);
            const links = [
              ...css.map((f) => `<link rel="stylesheet" href="/${f}">`),
              ...js.map((f) => `<link rel="modulepreload" href="/${f}">`),
            ].join('');
            const html = withShell(inLanguage, page.path, page.content, locale, say)
              .replace(/<title>[^<]*<\/title>/, `<title>${say(page.title)} · ${NAME_MARK()}</title>`)
              .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${say(page.description)}"`)
              .replace('</head>', `${links}</head>`);
            writeFileSync(join(dir, page.file), headOrder(html));
            index[page.path] = page.file;
          }
        }
        writeFileSync(join(outDir, 'pages', 'pages.json'), JSON.stringify(index, null, 1));
      },
    },
  };
}
