// Shows HTML written by someone else (FAQ bodies, public pages) after DOMPurify has cleaned it in
// the browser with the same policy as the server. DOMPurify loads on first use, so a screen
// without such HTML never downloads it.
import { createElement, useEffect, useState } from 'react';
import { HTML_POLICY, externalLinkHook } from '@/contract/html-policy';

type Sanitize = (html: string) => string;
let loading: Promise<Sanitize> | undefined;

/** The browser's sanitiser (loads DOMPurify once). */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(({ default: DOMPurify }) => {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => externalLinkHook(node));
    return (html: string) => DOMPurify.sanitize(html, HTML_POLICY) as string;
  });
  return loading;
}

export function SafeHtml({ html, className, as = 'div' }: { html: string; className?: string; as?: 'div' | 'section' | 'article' }) {
  const [clean, setClean] = useState<{ from: string; html: string } | null>(null);
  useEffect(() => {
    let live = true;
    void loadSanitizer().then((sanitize) => live && setClean({ from: html, html: sanitize(html) }));
    return () => {
      live = false;
    };
  }, [html]);
  const ready = clean?.from === html;
  return createElement(as, {
    className,
    'aria-busy': ready ? undefined : true,
    // Only ever the sanitiser's output.
    dangerouslySetInnerHTML: { __html: ready ? clean.html : '' },
  });
}
