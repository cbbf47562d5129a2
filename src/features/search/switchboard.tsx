// The header's Switchboard pill: the mode picker and the search box.
// Typing searches after a 500 ms pause (server first, the device's catalogue offline or when the
// server is slow); Enter opens the library filtered by the query.
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { plural, t as tNow } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSessionUser } from '@/api/use-session';
import { MSG } from '@/contract/common-messages';
import { useKnown } from '@/i18n/known';
import { persistedState } from '@/data/persisted-state';
import { formatPrice } from '@/ui/format';
import { SearchIcon } from '@/ui/icons';
import { loadModes, pickMode, rememberedMode, rememberMode, type Mode } from './modes';
import { SEARCH_DEBOUNCE_MS, setSearch, type SearchSource } from './search';

const searchState = () => persistedState.get().search;

function ModePicker() {
  const user = useSessionUser();
  const [modes, setModes] = useState<Mode[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { t } = useLingui();
  const known = useKnown();

  useEffect(() => {
    let live = true;
    loadModes().then(
      (list) => {
        if (!live) return;
        setModes(list);
        const mode = pickMode(list, rememberedMode());
        setSelected(mode?.id ?? null);
        if (mode) rememberMode(mode.id);
      },
      () => live && setModes([]),
    );
    return () => {
      live = false;
    };
  }, [user?.id]);

  const current = modes?.find((m) => m.id === selected);
  const choose = (mode: Mode) => {
    setSelected(mode.id);
    rememberMode(mode.id);
    setOpen(false);
  };
  return (
    <div className="mode-picker" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}>
      <button
        type="button"
        className="mode-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {current?.name ?? t`Modes`}
        <span aria-hidden="true"> ▾</span>
      </button>
      {open ? (
        <div id={menuId} className="mode-menu" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
          {modes && modes.length ? (
            <ul aria-label={t`Modes`}>
              {modes.map(({ name, ...m }) => (
                <li key={m.id}>
                  <button type="button" aria-pressed={m.id === selected} disabled={m.locked} onClick={() => choose({ name, ...m })}>
                    {m.locked ? t`${name} (locked)` : name}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p role="status">{known(MSG.modesEmpty)}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}

export function Switchboard() {
  const navigate = useNavigate();
  const search = useSyncExternalStore(persistedState.subscribe, searchState, searchState);
  const [query, setQuery] = useState(search.query);
  const [open, setOpen] = useState(false);
  const [source, setSource] = useState<SearchSource>('server');
  const listId = useId();
  const pending = useRef<AbortController | null>(null);
  const { t } = useLingui();

  useEffect(() => {
    const q = query.trim();
    if (q === searchState().query && !searchState().loading) return;
    pending.current?.abort();
    if (!q) {
      setSearch({ query: '', results: [], loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    const timer = setTimeout(() => {
      setSearch({ query: q, loading: true, error: null });
      import('./search-everywhere')
        .then(({ searchEverywhere }) => searchEverywhere(q, controller.signal))
        .then(
          ({ results, source }) => {
            if (controller.signal.aborted) return;
            setSource(source);
            setSearch({ query: q, results, loading: false, error: null });
          },
          (err: unknown) => {
            if (!controller.signal.aborted)
              setSearch({ query: q, loading: false, error: err instanceof Error ? err.message : tNow`Search failed` });
          },
        );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    void navigate({ to: '/library', search: { search: query.trim() || undefined } });
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') setOpen(false);
  };
  const showing = open && query.trim() !== '' && query.trim() === search.query;
  const count = search.results.length;

  return (
    <div className="switchboard">
      <ModePicker />
      <form
        role="search"
        className="switchboard-search"
        onSubmit={submit}
        onKeyDown={onKey}
        onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
      >
        <label htmlFor="site-search" className="visually-hidden">
          {t`Search books and stories`}
        </label>
        <input
          id="site-search"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          autoComplete="off"
          placeholder={t`Search books and stories`}
          aria-controls={listId}
          aria-expanded={showing}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
        />
        <button type="submit" className="icon-button" aria-label={t`Search`}>
          <SearchIcon />
        </button>
        <div id={listId} className="search-results" hidden={!showing}>
          <p className="search-status" role="status">
            {search.loading
              ? t`Searching…`
              : search.error
                ? search.error
                : source === 'device'
                  ? t`${plural(count, { one: '# result from this device', other: '# results from this device' })}`
                  : t`${plural(count, { one: '# result', other: '# results' })}`}
          </p>
          <ul>
            {search.results.map(({ author, ...r }) => (
              <li key={`${r.kind}-${r.id}`}>
                {r.kind === 'book' ? (
                  <Link to="/library/$id" params={{ id: String(r.id) }} onClick={() => setOpen(false)}>
                    <span className="search-title">{r.title}</span>
                    <span className="search-meta">
                      {author}
                      {r.price_cents !== null ? ` · ${formatPrice(r.price_cents, r.currency ?? 'USD')}` : ''}
                    </span>
                  </Link>
                ) : r.slug ? (
                  <Link to="/stories/$slug" params={{ slug: r.slug }} onClick={() => setOpen(false)} className="search-story">
                    <span className="search-title">{r.title}</span>
                    <span className="search-meta">{t`Story by ${author}`}</span>
                  </Link>
                ) : (
                  <span className="search-story">
                    <span className="search-title">{r.title}</span>
                    <span className="search-meta">{t`Story by ${author}`}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      </form>
    </div>
  );
}
