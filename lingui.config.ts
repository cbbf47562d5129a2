// Lingui's configuration: where the messages are found and where each language's catalogue is
// kept (.po files a school's translator can correct). `npm run i18n:extract` updates every
// catalogue from the code; the build compiles them (build/lingui.ts), so nothing generated is
// committed. English is the source language: its words are in the code, compiled into it.
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'hi', 'ar'],
  // A message with no translation yet shows in English rather than as nothing.
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '<rootDir>/src/api/schema.d.ts'],
    },
  ],
  // Line numbers would change every catalogue on every edit above a message: files are enough;
  // messages are listed in the order of the screens they are on, so a translator reads them together.
  format: formatter({ lineNumbers: false }),
  orderBy: 'origin',
  // <Trans> from src/i18n (Lingui's own, in a module of its own: see there).
  runtimeConfigModule: { Trans: ['@/i18n/trans', 'Trans'] },
});
