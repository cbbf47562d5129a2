// Something a page loads once for a key (an invitation, a reset link): loading, missing (unknown,
// expired, or the network failed), or ready. A key that changes or a page that closes drops the
// answer of the earlier request.
import { useEffect, useState } from 'react';

export type Fetched<T> = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; value: T };

export function useFetched<T>(key: string | undefined, load: (key: string) => Promise<T | null | undefined>): Fetched<T> {
  const [state, setState] = useState<{ key: string | undefined; fetched: Fetched<T> }>({ key, fetched: { status: 'loading' } });
  useEffect(() => {
    let live = true;
    const settle = (fetched: Fetched<T>) => live && setState({ key, fetched });
    if (!key) settle({ status: 'missing' });
    else
      load(key).then(
        (value) => settle(value == null ? { status: 'missing' } : { status: 'ready', value }),
        () => settle({ status: 'missing' }),
      );
    return () => {
      live = false;
    };
    // `load` is a plain function of the key: a new key is what asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state.fetched : { status: 'loading' };
}
