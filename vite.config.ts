import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { PLATFORM_DESCRIPTION, PLATFORM_NAME } from './src/contract/tenant-colors';
import { precompress } from './build/compress-plugin';
import { lingui } from './build/lingui';
import { prerender } from './build/prerender-plugin';

/** Records which modules each chunk holds, so the bundle budget can prove what is not in it. */
function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.fromEntries(
        Object.values(bundle)
          .filter((c) => c.type === 'chunk')
          .map((c) => [c.fileName, Object.keys(c.modules).map((id) => id.replace(process.cwd() + '/', ''))]),
      );
      mkdirSync('dist/.vite', { recursive: true });
      writeFileSync('dist/.vite/chunk-modules.json', JSON.stringify(chunks, null, 1));
    },
  };
}

export default defineConfig({
  // An alias rather than tsconfigPaths: the service worker's separate build inherits aliases.
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React 19 has the hook the shim stands in for (build/shims/use-sync-external-store-shim.js).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./build/shims/use-sync-external-store-shim.js', import.meta.url)),
      },
    ],
  },
  plugins: [
    // Before React's: the macros run on the source as written (build/lingui.ts).
    ...lingui(),
    react(),
    chunkModules(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // We register ourselves (workbox-window), so the prompt decides when a new version loads.
      injectRegister: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg}'] },
      includeAssets: ['favicon.svg'],
      manifest: {
        name: PLATFORM_NAME,
        short_name: PLATFORM_NAME,
        description: PLATFORM_DESCRIPTION,
        // The platform's: a school's site answers its own, in the school's language (server/site/manifest.ts).
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#11365A',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    // Order matters: the pages are written after the service worker, and compressed last.
    prerender(),
    precompress(),
  ],
  build: {
    manifest: true,
    target: 'es2022',
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React and the router are on every first load: one file, not a dozen small ones whose
        // wrappers and imports each cost bytes (lazy screens import from it like from any chunk).
        codeSplitting: {
          groups: [
            // The entry's only import (its helper for loading the app): nothing else is fetched
            // before the first paint.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]/,
            },
            // Lingui's <Trans> (rich text) with src/i18n/trans.tsx, for the screens that use it:
            // not in the shell below, which holds the rest of Lingui.
            {
              name: 'trans',
              test: /node_modules[\\/]@lingui[\\/]react[\\/]dist[\\/](shared|server)|src[\\/]i18n[\\/]trans\.tsx$/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // The small shared modules every page's first load holds: one file rather than twenty
            // (the header's cart count, sync slot and tenant included; Lingui's run time follows
            // src/i18n, which imports it; the areas' declarations, read by the router and the areas' menus;
            // the add-to-cart button of the library's and the book page's cards).
            {
              name: 'shell',
              test: /src[\\/](sync[\\/](status|storage-full|next-task)|contract[\\/](price|tenant-colors|tenant-css|shape|domain|device|locales|common-messages)|ui[\\/](use-online|sent-with-page|when-idle|toast|tenant-colors|icons|format|language-picker)|data[\\/](on-demand|persisted-state)|api[\\/](use-session|session|device-id)|i18n[\\/](i18n|known|choice)|app[\\/](areas|page-screens)|features[\\/](cart[\\/](use-cart-count|guest-cart|cart-state|add-to-cart-button)|sync-status[\\/](sync-status-slot|offline-badge)|tenant[\\/]tenant))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
