// The one HTML policy for text written by staff (FAQ bodies, public pages): the server applies it
// when the text is saved (DOMPurify on jsdom) and the PWA again before showing it (DOMPurify in
// the browser), so a bad row or a bad cache cannot run anything on a reader's device.
// Plain data and one hook: no DOMPurify import here, each side brings its own.

/** DOMPurify settings: HTML only (no SVG or MathML), no frames, forms, styles or scripts. */
export const HTML_POLICY = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'base',
    'link',
    'meta',
    'svg',
    'math',
    'template',
  ],
  // style: CSS expressions and url() tricks; srcset can name foreign URLs the regexp never sees.
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'target', 'ping'],
  ALLOW_DATA_ATTR: false,
  // Links and pictures may point at web pages, mail and phone only (no javascript:, data:, vbscript:).
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
};

/** A link leaving the site (absolute http or https) opens in a new tab without a back-reference. */
export function externalLinkHook(node: {
  tagName?: string;
  getAttribute(n: string): string | null;
  setAttribute(n: string, v: string): void;
}) {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href') ?? '';
  if (/^https?:\/\//i.test(href)) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
}
