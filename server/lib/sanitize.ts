// Sanitises HTML written by staff (FAQ bodies, public pages) before it is stored, with the one
// policy the PWA also applies (src/contract/html-policy.ts). DOMPurify needs a DOM: jsdom's,
// created once per process.
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { HTML_POLICY, externalLinkHook } from '../../src/contract/html-policy';

let purifier: ReturnType<typeof createDOMPurify> | undefined;

function instance() {
  if (!purifier) {
    purifier = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
    purifier.addHook('afterSanitizeAttributes', (node) => externalLinkHook(node as Element));
  }
  return purifier;
}

export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, HTML_POLICY) as string;
}
