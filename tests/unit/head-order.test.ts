// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { headOrder } from '../../build/prerender-plugin';

// The entry (src/boot.ts) runs the listed modules in order, one per task: the route's screen and
// its chunks come first, the app's own list (ending with src/main.tsx's chunk) last.
describe('headOrder', () => {
  const page = (head: string) =>
    `<html><head><title>T</title>${head}<script type="module" crossorigin src="/assets/index.js"></script></head><body></body></html>`;
  const listed = (html: string) => /<meta name="app-modules" content="([^"]*)">/.exec(html)?.[1]?.split(' ');

  it("lists the route's modules before the app's, each once, with the app's chunk last", () => {
    const html = headOrder(
      page(
        '<meta name="app-modules" content="/assets/framework.js /assets/shell.js /assets/main.js">' +
          '<link rel="modulepreload" href="/assets/framework.js"><link rel="modulepreload" href="/assets/library.js">',
      ),
    );
    expect(listed(html)).toEqual(['/assets/framework.js', '/assets/library.js', '/assets/shell.js', '/assets/main.js']);
    expect(html).not.toContain('rel="modulepreload"');
  });

  it('puts the stylesheets first and the entry at low priority', () => {
    const html = headOrder(page('<link rel="stylesheet" href="/assets/a.css"><link rel="stylesheet" href="/assets/a.css">'));
    expect(html.match(/a\.css/g)).toHaveLength(1);
    expect(html.indexOf('a.css')).toBeLessThan(html.indexOf('index.js'));
    expect(html).toContain('<script type="module" fetchpriority="low"');
  });
});
