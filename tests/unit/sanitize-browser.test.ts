// @vitest-environment jsdom
// The browser's sanitiser (DOMPurify in the page, loaded on demand) against known XSS payloads,
// and nothing runs when its output is put in the document. jsdom rather than happy-dom here:
// DOMPurify needs a standards-complete parser (happy-dom mis-parses foreign content); the same
// sanitiser runs in real Chromium in tests/e2e/help.spec.ts.
import { describe, expect, it } from 'vitest';
import { loadSanitizer } from '@/ui/safe-html';
import { FORBIDDEN, KEPT, XSS_PAYLOADS } from '../support/xss-payloads';

describe('browser sanitiser', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', async (payload) => {
    const sanitize = await loadSanitizer();
    const out = sanitize(payload);
    for (const bad of FORBIDDEN) expect(out, `${payload} -> ${out}`).not.toMatch(bad);
    const host = document.createElement('div');
    host.innerHTML = out;
    document.body.append(host);
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    host.remove();
  });
  it.each(KEPT)('keeps %s', async (input, expected) => {
    expect((await loadSanitizer())(input)).toBe(expected);
  });
});
