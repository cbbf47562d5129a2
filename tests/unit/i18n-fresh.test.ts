// @vitest-environment node
// The catalogues are fresh: every message the code has is in English's catalogue (and so in
// every language's, i18n-catalogues.test.ts), and none that the code no longer has. When this
// fails, run `npm run i18n:extract` and translate what it added.
import { readFileSync } from 'node:fs';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { expect, it } from 'vitest';

it('src/locales/en/messages.po has exactly the messages of the code', { timeout: 120_000 }, async () => {
  const [catalog] = await getCatalogs(getConfig({ cwd: process.cwd(), skipValidation: true }));
  const extracted = (await catalog!.collect()) ?? {};
  const inCode = Object.entries(extracted).map(([id, m]) => (m.message ? `${m.message}` : id));
  const english = formatter().parse(readFileSync('src/locales/en/messages.po', 'utf8'), {} as never) as Record<
    string,
    { message?: string }
  >;
  const inCatalogue = Object.entries(english).map(([id, m]) => m.message ?? id);
  expect(
    inCode.filter((m) => !inCatalogue.includes(m)),
    'in the code, not in the catalogue',
  ).toEqual([]);
  expect(
    inCatalogue.filter((m) => !inCode.includes(m)),
    'in the catalogue, no longer in the code',
  ).toEqual([]);
});
