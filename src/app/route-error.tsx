// What a screen shows when it fails to render: an apology and a way on, never a blank page. A
// screen whose code has not been downloaded to this device yet while it is offline (a fresh
// tablet that lost the network before the app was saved for offline use) says so, naming the
// screen, instead of a generic failure.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation, type ErrorComponentProps } from '@tanstack/react-router';

/** A screen's code could not be fetched while the device is offline (see `offlineAwareImport`). */
export class ScreenNotDownloadedError extends Error {
  constructor(cause: unknown) {
    // For the console only: the page says it in the reader's language (RouteError).
    // eslint-disable-next-line lingui/no-unlocalized-strings
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
const SCREENS: [RegExp, MessageDescriptor][] = [
  [
    /^\/(login|register|logout|accept-inv|reset|password)/,
    msg`The sign-in screen has not been downloaded to this device yet, and the device is offline.`,
  ],
  [
    /^\/(uploadblog|storyedit|upload-blog|uploadcontent)/,
    msg`The story writer has not been downloaded to this device yet, and the device is offline.`,
  ],
  [/^\/uploadbook/, msg`The book maker has not been downloaded to this device yet, and the device is offline.`],
  [/^\/dashboard/, msg`The dashboard has not been downloaded to this device yet, and the device is offline.`],
  [/^\/admin-/, msg`This admin area has not been downloaded to this device yet, and the device is offline.`],
  [/^\/(library)?\/?$/, msg`The library has not been downloaded to this device yet, and the device is offline.`],
];
const ANY_SCREEN = msg`This screen has not been downloaded to this device yet, and the device is offline.`;

/** "… has not been downloaded yet", naming the screen at a path (one whole sentence each, for translators). */
export const notDownloadedText = (path: string) => SCREENS.find(([re]) => re.test(path))?.[1] ?? ANY_SCREEN;

const offline = () => typeof navigator !== 'undefined' && !navigator.onLine;
const notDownloaded = (error: unknown) =>
  error instanceof ScreenNotDownloadedError ||
  (offline() && /dynamically imported module|module script failed/.test((error as Error | null)?.message ?? ''));

export function RouteError({ error, reset }: ErrorComponentProps) {
  const path = useLocation({ select: (l) => l.pathname });
  console.error(error);
  const missing = notDownloaded(error);
  const { t, i18n } = useLingui();
  return (
    <section className="page route-error" aria-labelledby="route-error-title" role="alert">
      <h1 id="route-error-title">{missing ? t`Not downloaded yet` : t`This screen could not be shown`}</h1>
      {missing ? (
        <>
          <p>
            {i18n._(notDownloadedText(path))}
            {navigator.serviceWorker?.controller
              ? ''
              : ` ${t`The app was still being saved on this device for offline use when the connection was lost.`}`}
          </p>
          <p>{t`Connect to the internet and try again. Once it has opened with a connection, it works offline too.`}</p>
        </>
      ) : (
        <p>{t`Something went wrong on this device. Your saved changes are safe.`}</p>
      )}
      <p className="route-error-actions">
        {/* The browser remembers a module that failed to load for the page's life: online again, a reload fetches it. */}
        <button type="button" className="button" onClick={() => (missing && !offline() ? location.reload() : reset())}>
          {t`Try again`}
        </button>
        <Link to="/library" className="button button-secondary">
          {t`Go to the library`}
        </Link>
      </p>
    </section>
  );
}
