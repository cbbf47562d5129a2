// Options of a select: fixed ones as they are, or loaded once when the control first shows (the
// tenant filter's list is fetched only for the platform admin, who alone sees that filter).
import { useEffect, useState } from 'react';
import type { Option } from './resource';

export function useOptions(options: readonly Option[] | (() => Promise<readonly Option[]>)): readonly Option[] {
  const [loaded, setLoaded] = useState<readonly Option[]>(typeof options === 'function' ? [] : options);
  useEffect(() => {
    if (typeof options !== 'function') {
      setLoaded(options);
      return;
    }
    let live = true;
    options().then(
      (list) => live && setLoaded(list),
      (err: unknown) => console.warn('options did not load', err),
    );
    return () => {
      live = false;
    };
  }, [options]);
  return loaded;
}
