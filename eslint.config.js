// Lint rules, including the import boundaries. In the PWA: features never import each other,
// shared folders never import features or the app and import only the shared folders below them,
// Dexie only through src/data, openapi-fetch only through src/api, screens never call fetch
// themselves, and no hard-coded words on the screens that speak every language (TRANSLATED
// below). On the server: imports only go down the floors of SERVER_FLOORS
// (tests/unit/server-layers.test.ts checks the same order, and circles).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import lingui from 'eslint-plugin-lingui';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * The server's floors, lowest first: a file may import its own floor and the floors below it,
 * never one above. The domains are floors of their own, in this order: a domain uses the ones
 * before it (stories show their authors' classes, so roster comes first; the library shows
 * stories; commerce sells the library's books; the school areas gather users, payments and modes;
 * the platform's numbers read everything).
 */
export const SERVER_DOMAINS = ['mail', 'auth', 'roster', 'stories', 'library', 'books', 'commerce', 'schools', 'help', 'platform'];
export const SERVER_FLOORS = [
  ['./server/log.ts', './server/lib'], // logging, crypto, HTML and upload checks: no knowledge of the app
  ['./server/providers'], // outside services (payments, print, mail), each behind one interface
  ['./server/config.ts'],
  ['./server/db'], // schema, migrations, the demo seed, the leased queue
  ['./server/http'], // the shared door: route definition, errors, access, ids, the request's handle
  ...SERVER_DOMAINS.map((domain) => [`./server/domains/${domain}`]),
  ['./server/jobs'], // the background jobs (they alone hold the root database handle)
  ['./server/site'], // pages drawn by the server from several domains
  ['./server/app.ts', './server/warm-up.ts', './server/main.ts', './server/openapi.ts', './server/backup.ts', './server/admin.ts'],
];

const SHARED = ['./src/ui', './src/data', './src/sync', './src/api', './src/contract', './src/i18n'];
// The shared folders in layers, lowest first: each imports only the ones below it. The contract is
// the rules and words the server shares; i18n turns words into the chosen language; data is the device database; sync sends its outbox; api
// calls the server (with sync's credentials); ui draws with all of them.
const LAYERS = ['./src/contract', './src/i18n', './src/data', './src/sync', './src/api', './src/ui'];
const layerZones = LAYERS.flatMap((layer, i) =>
  LAYERS.slice(i + 1).map((above) => ({
    target: layer,
    from: above,
    // The API's generated types describe the server's answers, which the device database keeps.
    ...(layer === './src/data' && above === './src/api' ? { except: ['./schema.d.ts'] } : {}),
    message: `Shared folders import only the ones below them: ${LAYERS.map((l) => l.slice('./src/'.length)).join(' < ')}.`,
  })),
);

// The screens whose every word goes through the catalogue (issue 26): a new hard-coded word in
// them (JSX text, aria-label, placeholder, title, alt, a label or title prop, a toast) fails the
// lint. Every screen: the features, the app's shell and the shared components.
const TRANSLATED = ['src/features/**', 'src/app/**', 'src/ui/**', 'src/i18n/**'];
const dexie = { name: 'dexie', message: 'Use the device database through src/data.' };
const dexieHooks = { name: 'dexie-react-hooks', message: 'Use useLive from src/data.' };
const openapiFetch = { name: 'openapi-fetch', message: 'Call the API through src/api.' };

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'src/api/schema.d.ts', 'test-results', 'playwright-report', '.data', '.test-output'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move what both need to a shared folder.',
            })),
            { target: SHARED, from: ['./src/features', './src/app'], message: 'Shared code must not depend on features or the app.' },
            ...layerZones,
            { target: './src/features', from: './src/app', message: 'Features must not depend on the app shell.' },
            { target: './src', from: './server', message: 'The PWA never imports server code.' },
            { target: './server', from: './src', except: ['./contract'], message: 'The server shares only src/contract with the PWA.' },
            ...SERVER_FLOORS.slice(0, -1).map((floor, i) => ({
              target: floor,
              from: SERVER_FLOORS.slice(i + 1).flat(),
              message: 'Server imports only go down (SERVER_FLOORS in eslint.config.js): move what both need to the lower floor.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/data/**', 'src/api/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [dexie, dexieHooks, openapiFetch] }] },
  },
  // Lingui's own checks wherever its macros are used (a t`…` outside a function, a message that is
  // only a variable, a <Trans> inside a <Trans>…).
  { files: ['src/**/*.{ts,tsx}'], ...lingui.configs['flat/recommended'] },
  {
    files: TRANSLATED,
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Not words: one lowercase token (a key, a path, a class name), CONSTANTS, strings with
          // no Latin letter (symbols, numbers) and one PascalCase token (a component's or an
          // export's name: 'SchoolDashboardScreen'). Attributes that are not words, and calls whose
          // strings are not shown to anyone.
          ignore: [
            '^(?![A-Z])\\S+$',
            '^[A-Z0-9_-]+$',
            '^[^A-Za-z]*$',
            '^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$',
            '^(Arrow(Left|Right|Up|Down)|Page(Up|Down)|Home|End)$',
          ],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_-]+$' } },
            ...['type', 'id', 'to', 'href', 'src', 'name', 'autoComplete', 'inputMode', 'autoCapitalize', 'role', 'key', 'htmlFor'],
            ...['accept', 'rel', 'target', 'loading', 'decoding', 'fetchPriority', 'kind', 'field', 'status', 'dir', 'lang'],
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            '*.matches',
            'send',
            'useMediaQuery',
            'z.*',
            'import',
            '*.getItem',
            '*.setItem',
            '*.removeItem',
            '*.closest',
          ],
        },
      ],
      // The rule lets a native element's title through; here it is a word like any other.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='title'] > Literal[value=/[A-Za-z]/]",
          message: 'A title is shown to people: put it through the catalogue (t`…`).',
        },
      ],
    },
  },
  { files: ['src/data/**'], rules: { 'no-restricted-imports': ['error', { paths: [openapiFetch] }] } },
  { files: ['src/api/**'], rules: { 'no-restricted-imports': ['error', { paths: [dexie, dexieHooks] }] } },
  // The outbox is the sync engine's: the rest of the app uses what src/sync exposes, never the table.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/sync/**', 'src/data/db.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='outbox']",
          message: 'The outbox table belongs to src/sync: use what it exposes (recordChange, countEntries, entryState, discardEntry...).',
        },
      ],
    },
  },
  // Tests read loosely shaped JSON answers; typing each one would add noise, not safety.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // Layout is Prettier's (checked by `npm run lint`); no lint rule argues with it.
  prettier,
  {
    files: ['src/features/**', 'src/app/**', 'src/ui/**'],
    rules: { 'no-restricted-globals': ['error', { name: 'fetch', message: 'Screens call the API through src/api.' }] },
  },
);
