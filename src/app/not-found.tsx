import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>We could not find the page you were looking for. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/library" className="button">
          Go to the library
        </Link>
      </p>
    </section>
  );
}
