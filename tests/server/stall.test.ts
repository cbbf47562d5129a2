// No input can stall every school: costly work (cleaning SVG and HTML, reading PDFs, decoding
// pictures, rendering documents) runs in the worker pool, after its input is checked against
// WORK_LIMITS, so the event loop keeps answering every other request (and /api/health) meanwhile.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_LIMITS, WORK_MSG } from '../../src/contract/limits';
import { svgOfSmallElements } from '../support/stall-inputs';
import { GREENFIELD, signIn, startServer, TARGETS, withHealth, type TestServer } from './harness';

const svgOf = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;

describe.each(TARGETS)('work off the event loop on %s', (target) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(target);
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
  }, 180_000);
  afterAll(() => server.close());

  let n = 0;
  const register = (logo: string, address = `198.51.100.${++n}`) => {
    const form = new FormData();
    const fields = {
      school_name: `Stall School ${n}`,
      school_email: `office${n}@stall.example`,
      domain_url: 'https://stall.example',
      first_name: 'Sam',
      last_name: 'Stall',
      primary_color: '#123456',
      primary_color_light: '#3A6EA5',
      primary_color_dark: '#0B2545',
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('logo', new File([logo], 'logo.svg', { type: 'image/svg+xml' }));
    return server.call('POST', '/api/tenants/create/', { body: form, address, host: 'localhost' });
  };

  it('refuses an SVG logo over 256 KB before any work, in the spec words', async () => {
    const big = svgOf(`<desc>${'x'.repeat(WORK_LIMITS.svgBytes)}</desc><rect width="5" height="5"/>`);
    const res = await register(big);
    expect(res.status).toBe(413);
    expect(res.body.errors.logo[0]).toMatch(/^File too large/);
    expect(res.body.message).toContain(WORK_MSG.svgTooBig);
  });

  it('refuses an SVG logo of more than 5,000 elements', async () => {
    const res = await register(svgOf('<g/>'.repeat(WORK_LIMITS.svgElements + 1)));
    expect(res.status).toBe(413);
    expect(res.body.errors.logo).toEqual([WORK_MSG.svgTooBig]);
  });

  it('cleans an SVG logo at its limits while /api/health answers at once', async () => {
    // 5,000 small elements, just under 256 KB: the most a logo may ask (the same bytes bench:stall sends).
    const heavy = new TextDecoder().decode(svgOfSmallElements(WORK_LIMITS.svgBytes - 64, WORK_LIMITS.svgElements));
    expect(heavy.length).toBeLessThanOrEqual(WORK_LIMITS.svgBytes);
    // A small logo first: the route's first run (its modules, the mailer) is not what is measured.
    expect((await register(svgOf('<rect width="5" height="5"/>'))).status).toBe(201);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const { answer, healthMaxMs, healthCalls } = await withHealth(server, register(heavy));
    delay.disable();
    expect(answer.status).toBe(201);
    console.log(JSON.stringify({ loopMaxMs: delay.max / 1e6, healthMaxMs, healthCalls }));
    // The cleaning ran elsewhere: health never waited. (Cleaning this logo takes 1 to 2 s of CPU,
    // several seconds on a loaded machine; the loop's longest pause here is the test runner's own
    // and the machine's, under a second, where cleaning on the loop held it for all of that.)
    expect(healthMaxMs).toBeLessThan(250);
    expect(delay.max / 1e6).toBeLessThan(1000);
  }, 120_000);

  it('refuses a content page of more than 20,000 elements and stores pages clean', async () => {
    const page = { title: 'About', description: 'About us', body: '<p>a</p>'.repeat(WORK_LIMITS.htmlElements + 1) };
    const big = await server.call('PUT', '/api/pages/about/', { token: admin, json: page });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(WORK_MSG.htmlTooBig);
    const saved = await server.call('PUT', '/api/pages/about/', {
      token: admin,
      json: { ...page, body: '<p onclick="steal()">Hello<script>steal()</script></p>' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.body).toBe('<p>Hello</p>');
    const read = await server.call('GET', '/api/pages/about/', { host: GREENFIELD });
    expect(read.body.body).toBe('<p>Hello</p>');
  }, 60_000);
});
