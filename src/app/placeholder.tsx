// Stands in for a screen that a later piece of work builds, and says which route it is.
import { Link } from '@tanstack/react-router';

export function Placeholder({ title, path }: { title: string; path: string }) {
  return (
    <section className="page placeholder" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title}</h1>
      <p>
        This screen (<code>{path}</code>) is on its way and is not available yet.
      </p>
      <p>
        <Link to="/library">Browse the library</Link>
      </p>
    </section>
  );
}
