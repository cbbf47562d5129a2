// The page at an address nobody knows (loaded when one is opened).
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';

export function NotFound() {
  const { t } = useLingui();
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t`Page not found`}</h1>
      <p>{t`We could not find the page you were looking for. It may have moved, or the link may be mistyped.`}</p>
      <p>
        <Link to="/library" className="button">
          {t`Go to the library`}
        </Link>
      </p>
    </section>
  );
}
