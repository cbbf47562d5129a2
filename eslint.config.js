// Lint rules, including the import boundaries of STYLE.md: features never import each other,
// shared layers never import features, Dexie only through src/data, openapi-fetch only through
// src/api, and screens never call fetch themselves.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const SHARED = ['./src/ui', './src/data', './src/sync', './src/api', './src/contract'];
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
            { target: './src/features', from: './src/app', message: 'Features must not depend on the app shell.' },
            { target: './src', from: './server', message: 'The PWA never imports server code.' },
            { target: './server', from: './src', except: ['./contract'], message: 'The server shares only src/contract with the PWA.' },
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
  { files: ['src/data/**'], rules: { 'no-restricted-imports': ['error', { paths: [openapiFetch] }] } },
  { files: ['src/api/**'], rules: { 'no-restricted-imports': ['error', { paths: [dexie, dexieHooks] }] } },
  // Tests read loosely shaped JSON answers; typing each one would add noise, not safety.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // Layout is Prettier's (checked by `npm run lint`); no lint rule argues with it.
  prettier,
  {
    files: ['src/features/**', 'src/app/**', 'src/ui/**'],
    rules: { 'no-restricted-globals': ['error', { name: 'fetch', message: 'Screens call the API through src/api.' }] },
  },
);
