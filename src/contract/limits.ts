// Request body limits, shared by the server (each route's limit, checked while the body streams
// in, before anything parses it) and the PWA's outbox sender (which never builds a batch the
// server would refuse as too large).

const MiB = 1024 * 1024;

export const BODY_LIMITS = {
  /**
   * A JSON change. The largest legitimate ones are a bulk add of 500 names (about 25 KB) and a
   * story's document state (text only; pictures travel on their own): 1 MiB is ten times that
   * and still keeps a flood of requests from holding much memory.
   */
  json: 1 * MiB,
  /** A multipart upload: the spec's 5 MB file (logo, CSV) plus the form's other fields. */
  upload: 6 * MiB,
  /**
   * POST /outbox/batch/: up to OUTBOX_BATCH_ENTRIES queued JSON changes. The sender cuts a run where the next
   * entry would pass this, so any one change (at most `json`) still fits in a batch of its own.
   */
  batch: 4 * MiB,
} as const;

/**
 * Most changes one POST /outbox/batch/ carries: the server refuses more, and the PWA's sender
 * sends this many at once (fewer only where the body limit cuts the run). A batch of fresh
 * changes is applied in one transaction, so a larger batch is fewer requests and commits; 250
 * small changes take well under a second, far inside the request deadline.
 */
export const OUTBOX_BATCH_ENTRIES = 250;
