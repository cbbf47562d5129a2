// Sanitises HTML before it is stored: HTML written by staff (FAQ bodies, public pages), with the
// one policy the PWA also applies (src/contract/html-policy.ts), and the HTML rendered from a
// child's document (stories, book pages), with the documents' allow-list. DOMPurify needs a DOM:
// jsdom's, created once per thread (and jsdom loaded only then: purifier.ts). These run in the worker pool (cpu-tasks.ts), never on a
// request's thread, except for the seed's own fixed pages.
import { purifierOnJsdom, type Purifier } from './purifier';
import { HTML_POLICY, externalLinkHook } from '../../src/contract/html-policy';
import { SANITIZE_CONFIG } from '../../src/contract/document';

let purifier: Purifier | undefined;
let documentPurifier: Purifier | undefined;

function instance() {
  if (!purifier) {
    purifier = purifierOnJsdom();
    purifier.addHook('afterSanitizeAttributes', (node) => externalLinkHook(node as Element));
  }
  return purifier;
}

export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, HTML_POLICY) as string;
}

/** HTML rendered from a document (a story, a book page) through the documents' allow-list. */
export function sanitizeDocumentHtml(html: string): string {
  documentPurifier ??= purifierOnJsdom();
  return documentPurifier.sanitize(html, SANITIZE_CONFIG) as string;
}
