// Whether the browser believes it is online, following the online/offline events.
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  addEventListener('online', listener);
  addEventListener('offline', listener);
  return () => {
    removeEventListener('online', listener);
    removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
