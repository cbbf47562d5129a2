// What a screen shows when it fails to render: an apology and a way on, never a blank page.
import { Link, type ErrorComponentProps } from '@tanstack/react-router';

export function RouteError({ error, reset }: ErrorComponentProps) {
  console.error(error);
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
