// Unit tests run in happy-dom with an in-memory IndexedDB (fake-indexeddb).
import 'fake-indexeddb/auto';
// The app activates a language before it draws anything (src/main.tsx); English for the tests.
import { activateSource } from '@/i18n/i18n';
activateSource();
