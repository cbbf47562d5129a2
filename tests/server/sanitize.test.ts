// The server's sanitiser (DOMPurify on jsdom) against known XSS payloads.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../server/lib/sanitize';
import { FORBIDDEN, KEPT, XSS_PAYLOADS } from '../support/xss-payloads';
import { DEFAULT_PAGES } from '../../server/db/pages-content';

describe('server sanitiser', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    const out = sanitizeHtml(payload);
    for (const bad of FORBIDDEN) expect(out, `${payload} -> ${out}`).not.toMatch(bad);
  });
  it.each(KEPT)('keeps %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
  // The seed stores them as written (seed.ts).
  it.each(DEFAULT_PAGES.map((p) => [p.slug, p.body]))('finds nothing to change in the public page %s', (_slug, body) => {
    expect(sanitizeHtml(body)).toBe(body);
  });
});
