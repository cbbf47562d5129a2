// React 19 has useSyncExternalStore itself: the shim's fallback for React 17 (which the router's
// store imports through `use-sync-external-store/shim/with-selector`) is dead weight on every
// first load. This answers the same import with React's own hook.
export { useSyncExternalStore } from 'react';
