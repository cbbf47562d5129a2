// The SVG cleaner removes external references: `@import`, `url()` to other hosts and images or
// links that point outside the file; references to the file's own elements stay.
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../server/lib/uploads';

const svg = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">${inner}</svg>`;

describe('the SVG cleaner', () => {
  it.each([
    [
      '@import in a style sheet',
      '<style>@import url(https://tracker.example/a.css); rect { fill: red }</style><rect width="5" height="5"/>',
    ],
    ['@import of a bare string', '<style>@import "https://tracker.example/a.css"; rect { fill: red }</style><rect width="5" height="5"/>'],
    ['url() in a style sheet', '<style>rect { fill: url(https://tracker.example/p.svg#g) }</style><rect width="5" height="5"/>'],
    ['url() in a presentation attribute', '<rect width="5" height="5" fill="url(//tracker.example/p.svg#g)"/>'],
    ['url() in a style attribute', '<rect width="5" height="5" style="fill: url(\'http://tracker.example/x\')"/>'],
    ['an image from another host (href)', '<image href="https://tracker.example/pixel.png" width="1" height="1"/>'],
    ['an image from another host (xlink:href)', '<image xlink:href="https://tracker.example/pixel.png" width="1" height="1"/>'],
    ['a link to another host', '<a href="https://tracker.example/"><rect width="5" height="5"/></a>'],
  ])('removes %s', (_what, inner) => {
    const clean = sanitizeSvg(svg(inner));
    expect(clean).toMatch(/<svg[\s>]/);
    expect(clean).not.toMatch(/tracker\.example|@import/);
  });

  it("keeps the file's own references and its drawing", () => {
    const clean = sanitizeSvg(
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs><rect width="5" height="5" fill="url(#g)"/><style>rect { stroke: url(#g) }</style>',
      ),
    );
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('stroke: url(#g)');
    expect(clean).toContain('<linearGradient id="g"');
  });
});
