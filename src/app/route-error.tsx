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
      throw typeof navigator !== 'undefined' && !navigator.onLine ? new ScreenNotDownloadedError(err) : err;
    });
}

/** What the screen at a path is called, for "… has not been downloaded yet". */
const SCREENS: [RegExp, string][] = [
  [/^\/login|^\/register|^\/logout|^\/accept-invitation|^\/resetpassword|^\/password-reset/, 'The sign-in screen'],
  [/^\/uploadblogsteps|^\/storyedit|^\/upload-blog|^\/uploadcontent/, 'The story writer'],
  [/^\/uploadbook/, 'The book maker'],
  [/^\/library\/\d+\/read/, 'The book reader'],
  [/^\/(library)?\/?$|^\/library/, 'The library'],
  [/^\/stories\//, 'The story page'],
  [/^\/dashboard/, 'The dashboard'],
  [/^\/admin-school/, 'The school admin area'],
  [/^\/admin-organization/, 'The organization admin area'],
  [/^\/admin-panel/, 'The platform admin area'],
  [/^\/cart|^\/checkout/, 'The cart'],
  [/^\/charities/, 'The charities'],
];

export const screenName = (path: string) => SCREENS.find(([re]) => re.test(path))?.[1] ?? 'This screen';

const notDownloaded = (error: unknown) =>
  error instanceof ScreenNotDownloadedError ||
  (typeof navigator !== 'undefined' &&
    !navigator.onLine &&
    /dynamically imported module|Importing a module script failed/.test((error as Error | null)?.message ?? ''));

export function RouteError({ error, reset }: ErrorComponentProps) {
  const path = useLocation({ select: (l) => l.pathname });
  console.error(error);
  if (notDownloaded(error)) {
    const saving = typeof navigator !== 'undefined' && !navigator.serviceWorker?.controller;
    return (
      <section className="page route-error" aria-labelledby="route-error-title" role="alert">
        <h1 id="route-error-title">Not downloaded yet</h1>
        <p>
          {screenName(path)} has not been downloaded to this device yet, and the device is offline.
          {saving ? ' The app was still being saved on this device for offline use when the connection was lost.' : ''}
        </p>
        <p>Connect to the internet and try again. Once it has opened with a connection, it works offline too.</p>
        <p className="route-error-actions">
          {/* The browser remembers a module that failed to load for the page's life: online again, a reload fetches it. */}
          <button type="button" className="button" onClick={() => (navigator.onLine ? location.reload() : reset())}>
            Try again
          </button>
          <Link to="/library" className="button button-secondary">
            Go to the library
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page route-error" aria-labelledby="route-error-title" role="alert">
      <h1 id="route-error-title">This screen could not be shown</h1>
      <p>Something went wrong on this device. Your saved changes are safe.</p>
      <p className="route-error-actions">
        <button type="button" className="button" onClick={() => reset()}>
          Try again
        </button>
        <Link to="/library" className="button button-secondary">
          Go to the library
        </Link>
      </p>
    </section>
  );
}
