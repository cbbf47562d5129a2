// Unit tests run in happy-dom with an in-memory IndexedDB (fake-indexeddb).
import 'fake-indexeddb/auto';
