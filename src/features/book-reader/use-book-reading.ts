// A made book for the reader: the copy kept on this device first (so it opens at once, offline
// too), then the server's when online, which is kept for next time. A book the server no longer
// shows (unpublished, hidden) is forgotten on the device.
import { useEffect, useState } from 'react';
import { api } from '@/api/client';
import { forgetBook, keepBook, keptBook, type KeptBook } from '@/data/kept-books';
import { useOnline } from '@/ui/use-online';

export type Reading = { status: 'loading' } | { status: 'missing'; offline: boolean } | { status: 'ready'; book: KeptBook };

export function useBookReading(id: number): Reading {
  const online = useOnline();
  const [state, setState] = useState<Reading>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    let shown = false;
    void keptBook(id).then((book) => {
      if (!live || !book) return;
      shown = true;
      setState({ status: 'ready', book });
    });
    if (!online) {
      void keptBook(id).then((book) => live && !book && setState({ status: 'missing', offline: true }));
      return () => {
        live = false;
      };
    }
    void api.GET('/book-reading/{id}/', { params: { path: { id } } }).then(
      async ({ data, response }) => {
        if (data) {
          await keepBook(data);
          if (live) setState({ status: 'ready', book: data });
        } else if (response.status === 404) {
          await forgetBook(id);
          if (live) setState({ status: 'missing', offline: false });
        } else if (live && !shown) setState({ status: 'missing', offline: false });
      },
      () => live && !shown && setState({ status: 'missing', offline: true }),
    );
    return () => {
      live = false;
    };
  }, [id, online]);
  return state;
}
