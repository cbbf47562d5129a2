// What an admin screen shows when its data could not be loaded: the reason, and Try again.

export function LoadFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div className="admin-notice" role="alert">
      <p>{error}</p>
      <button type="button" className="button button-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
