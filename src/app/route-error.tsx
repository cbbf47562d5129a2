// What a screen shows when it fails to render: an apology and a way on, never a blank page. A
// screen whose code has not been downloaded to this device yet while it is offline (a fresh
// tablet that lost the network before the app was saved for offline use) says so, naming the
// screen, instead of a generic failure.
import { Link, useLocation, type ErrorComponentProps } from '@tanstack/react-router';

/** A screen's code could not be fetched while the device is offline (see `offlineAwareImport`). */
export class ScreenNotDownloadedError extends Error {
  constructor(cause: unknown) {
    super('This screen has not been downloaded to this device yet.', { cause });
    this.name = 'ScreenNotDownloadedError';
  }
}

/**
 * A screen's import, told apart when offline: TanStack reloads the page on a missing module (a
 * new version was deployed), which offline only swaps our page for the browser's error page.
 */
export function offlineAwareImport<T>(importer: () => Promise<T>): () => Promise<T> {
  return () =>
    importer().catch((err: unknown) => {
      throw offline() ? new ScreenNotDownloadedError(err) : err;
    });
}

/** What the screen at a path is called, for "… has not been downloaded yet". */
const SCREENS: [RegExp, string][] = [
  [/^\/(login|register|logout|accept-inv|reset|password)/, 'The sign-in screen'],
  [/^\/(uploadblog|storyedit|upload-blog|uploadcontent)/, 'The story writer'],
  [/^\/uploadbook/, 'The book maker'],
  [/^\/dashboard/, 'The dashboard'],
  [/^\/admin-/, 'This admin area'],
  [/^\/(library)?\/?$/, 'The library'],
];

export const screenName = (path: string) => SCREENS.find(([re]) => re.test(path))?.[1] ?? 'This screen';

const offline = () => typeof navigator !== 'undefined' && !navigator.onLine;
const notDownloaded = (error: unknown) =>
  error instanceof ScreenNotDownloadedError ||
  (offline() && /dynamically imported module|module script failed/.test((error as Error | null)?.message ?? ''));

export function RouteError({ error, reset }: ErrorComponentProps) {
  const path = useLocation({ select: (l) => l.pathname });
  console.error(error);
  const missing = notDownloaded(error);
  return (
    <section className="page route-error" aria-labelledby="route-error-title" role="alert">
      <h1 id="route-error-title">{missing ? 'Not downloaded yet' : 'This screen could not be shown'}</h1>
      {missing ? (
        <>
          <p>
            {screenName(path)} has not been downloaded to this device yet, and the device is offline.
            {navigator.serviceWorker?.controller
              ? ''
              : ' The app was still being saved on this device for offline use when the connection was lost.'}
          </p>
          <p>Connect to the internet and try again. Once it has opened with a connection, it works offline too.</p>
        </>
      ) : (
        <p>Something went wrong on this device. Your saved changes are safe.</p>
      )}
      <p className="route-error-actions">
        {/* The browser remembers a module that failed to load for the page's life: online again, a reload fetches it. */}
        <button type="button" className="button" onClick={() => (missing && !offline() ? location.reload() : reset())}>
          Try again
        </button>
        <Link to="/library" className="button button-secondary">
          Go to the library
        </Link>
      </p>
    </section>
  );
}
