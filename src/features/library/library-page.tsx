// The online library (the home page). The catalogue screens are built on this page.
export function LibraryPage() {
  return (
    <section className="page library" aria-labelledby="library-title">
      <h1 id="library-title">Online Library</h1>
      <p className="lead">Books and stories to read, share and buy.</p>
    </section>
  );
}
