// The server's sanitiser (DOMPurify on jsdom) against known XSS payloads.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../server/lib/sanitize';
import { FORBIDDEN, KEPT, XSS_PAYLOADS } from '../support/xss-payloads';

describe('server sanitiser', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    const out = sanitizeHtml(payload);
    for (const bad of FORBIDDEN) expect(out, `${payload} -> ${out}`).not.toMatch(bad);
  });
  it.each(KEPT)('keeps %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
});
