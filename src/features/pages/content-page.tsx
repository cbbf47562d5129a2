// One public page (/about, /privacy-policy, ...): read from the device's cache so it opens
// offline, refreshed from the site when online. Shows the site's own version where the school
// has one, its last-updated date, and names itself to the browser and search engines.
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLive } from '@/data/live';
import type { PageSlug } from '@/contract/public-pages';
import { SafeHtml } from '@/ui/safe-html';
import { cacheAllPages, cachedPage, refreshPage } from './page-cache';
import { PageExtras } from './page-extras';
import { useDocumentMeta } from './use-document-meta';
import './pages.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

export function ContentPage({ slug, siteName }: { slug: PageSlug; siteName: string }) {
  const page = useLive(async () => (await cachedPage(slug)) ?? null, [slug]);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setFailed(false);
    refreshPage(slug).catch(() => setFailed(true));
    // The other pages too, so the menu's pages open offline later.
    cacheAllPages().catch(() => undefined);
  }, [slug]);

  useDocumentMeta(page ? `${page.title} | ${siteName}` : undefined, page?.description);

  if (page === undefined) return null;
  if (!page) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{failed ? 'This page could not be loaded' : 'Loading…'}</h1>
        {failed ? (
          <p role="alert">
            {navigator.onLine
              ? 'Please try again later.'
              : 'You are offline and this page has not been opened on this device before. Please connect to the internet and try again.'}
          </p>
        ) : null}
        <p>
          <Link to="/library">Browse the library</Link>
        </p>
      </section>
    );
  }
  return (
    <article className="page content-page" aria-labelledby="page-title">
      <h1 id="page-title">{page.title}</h1>
      <p className="page-updated">
        Last updated <time dateTime={page.updated_at}>{dateFormat.format(new Date(page.updated_at))}</time>
      </p>
      <SafeHtml html={page.body} className="page-body" />
      {page.extras ? <PageExtras extras={page.extras} /> : null}
    </article>
  );
}
