// In the browser, zod never probes for `new Function` (the CSP refuses eval and reports it).
import { expect, it } from 'vitest';
import { globalConfig } from 'zod/v4/core';
import '@/contract/auth';

it('runs zod without its eval probe in the browser', () => {
  expect(globalConfig.jitless).toBe(true);
});
