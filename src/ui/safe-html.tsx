// Shows HTML written by someone else (FAQ bodies, public pages) after DOMPurify has cleaned it in
// the browser with the same policy as the server. DOMPurify loads on first use, so a screen
// without such HTML never downloads it.
import { createElement, useEffect, useMemo, useState } from 'react';
import { HTML_POLICY, externalLinkHook } from '@/contract/html-policy';

type Sanitize = (html: string) => string;
let loading: Promise<Sanitize> | undefined;
let loaded: Sanitize | undefined;

/** The browser's sanitiser (loads DOMPurify once). */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(({ default: DOMPurify }) => {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => externalLinkHook(node));
    return (loaded = (html: string) => DOMPurify.sanitize(html, HTML_POLICY) as string);
  });
  // A failed fetch (offline, before the service worker kept the code) is tried again next time.
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * Once the sanitiser is loaded (a screen may wait for it before its first render, as a page the
 * server drew does), the HTML is shown in the same render; until then the box stays empty.
 */
export function SafeHtml({ html, className, as = 'div' }: { html: string; className?: string; as?: 'div' | 'section' | 'article' }) {
  const [sanitize, setSanitize] = useState(() => loaded);
  useEffect(() => {
    if (sanitize) return;
    let live = true;
    void loadSanitizer().then((ready) => live && setSanitize(() => ready));
    return () => {
      live = false;
    };
  }, [sanitize]);
  const clean = useMemo(() => (sanitize ? sanitize(html) : ''), [sanitize, html]);
  return createElement(as, {
    className,
    'aria-busy': sanitize ? undefined : true,
    // Only ever the sanitiser's output.
    dangerouslySetInnerHTML: { __html: clean },
  });
}
