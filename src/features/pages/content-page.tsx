// One public page (/about, /privacy-policy, ...): read from the device's cache so it opens
// offline, refreshed from the site when online. Shows the site's own version where the school
// has one, its last-updated date, and names itself to the browser and search engines.
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLive } from '@/data/live';
import { formatDay } from '@/ui/format';
import type { PageSlug } from '@/contract/public-pages';
import { hasShape } from '@/contract/shape';
import type { PageRecord } from '@/data/db';
import { loadSanitizer, SafeHtml } from '@/ui/safe-html';
import { sentWithPage } from '@/ui/sent-with-page';
import { cacheAllPages, cachedPage, refreshPage } from './page-cache';
import { PageExtras } from './page-extras';
import { useDocumentMeta } from './use-document-meta';
import './pages.css';

// The page's text is shown in React's first render, as the server drew it: nothing blinks. (If
// the sanitiser cannot be fetched now, the text waits for it instead.)
await loadSanitizer().catch(() => undefined);

const SENT_PAGE = { slug: 'string', title: 'string', description: 'string', body: 'string', updated_at: 'string' } as const;

/** The page the server drew and sent with the HTML (server/http/page-data.ts), on a first visit. */
function sentPage(slug: PageSlug): PageRecord | undefined {
  const page = sentWithPage<unknown>('page', location.pathname);
  return hasShape(page, SENT_PAGE) && page.slug === slug ? (page as PageRecord) : undefined;
}

export function ContentPage({ slug, siteName }: { slug: PageSlug; siteName: string }) {
  const cached = useLive(async () => (await cachedPage(slug)) ?? null, [slug]);
  const [sent] = useState(() => sentPage(slug));
  // The newer of the device's copy and the one the server drew, so the drawn page stays put.
  const page = sent && (!cached || cached.updated_at <= sent.updated_at) ? sent : cached;
  const [failed, setFailed] = useState(false);
  const { t } = useLingui();

  useEffect(() => {
    setFailed(false);
    refreshPage(slug).catch(() => setFailed(true));
    // The other pages too, so the menu's pages open offline later.
    cacheAllPages().catch(() => undefined);
  }, [slug]);

  useDocumentMeta(page ? `${page.title} · ${siteName}` : undefined, page?.description);

  if (page === undefined) return null;
  if (!page) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{failed ? t`This page could not be loaded` : t`Loading…`}</h1>
        {failed ? (
          <p role="alert">
            {navigator.onLine
              ? t`Please try again later.`
              : t`You are offline and this page has not been opened on this device before. Please connect to the internet and try again.`}
          </p>
        ) : null}
        <p>
          <Link to="/library">
            <Trans>Browse the library</Trans>
          </Link>
        </p>
      </section>
    );
  }
  const updated = formatDay(page.updated_at);
  return (
    <article className="page content-page" aria-labelledby="page-title">
      <h1 id="page-title">{page.title}</h1>
      <p className="page-updated">
        <Trans>
          Last updated <time dateTime={page.updated_at}>{updated}</time>
        </Trans>
      </p>
      <SafeHtml html={page.body} className="page-body" />
      {page.extras ? <PageExtras extras={page.extras} /> : null}
    </article>
  );
}
