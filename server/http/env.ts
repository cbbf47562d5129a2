// What every request handler can reach: the app's services (never the database itself), the
// request's database handle, the request's tenant (decided by the host) and the signed-in user
// (decided by the bearer token).
//
// One door to the database per request: `c.get('db')` is the only handle a route sees. It is the
// database, or the request's transaction when the route applies an outbox change (the change and
// its recorded answer commit together). The root handle stays in `Deps`, which only the
// middleware and the background jobs (server/jobs/background.ts) hold, so a route cannot query around its own transaction
// (which on PGlite waits forever on its own lock, and on PostgreSQL starves the pool).
import type { Config } from '../config';
import type { Logger } from '../log';
import type { Database, Queryable } from '../db/client';
import type { TenantRow } from '../db/schema';
import type { Keys } from '../lib/crypto';
import type { Role } from '../../src/contract/domain';
import type { BookContent } from '../../src/contract/book-pages';
import type { PrintProvider } from '../providers/print/provider';
import type { Adapters } from '../providers/payments/registry';
import type { TxtResolver } from './own-domain';
import type { FileStore } from '../providers/storage/storage';
import type { Counter, Histogram, Registry } from 'prom-client';

/** Renders a made book's pages for its print-ready PDF (the books domain's, or a test's fixtures). */
export type ContentSource = (db: Queryable, bookId: number) => Promise<BookContent | null>;

export interface Deps {
  database: Database;
  config: Config;
  keys: Keys;
  /** The clock, injectable so tests can move time (token expiry, rate-limit windows). */
  now: () => Date;
  /** True once the process has begun to shut down (readiness answers 503). */
  draining?: () => boolean;
  /** Where logs go (default: the process's JSON logger on stdout). */
  log?: Logger;
  /** The print provider (default: the sandbox where config.printSandbox; none otherwise: jobs wait). */
  printProvider?: PrintProvider;
  /** The real payment providers (default: those whose keys config.paymentKeys holds; tests pass stand-ins). */
  paymentAdapters?: Adapters;
  /** Looks up DNS TXT records (a school's own-domain check; default node:dns, tests inject one). */
  resolveTxt?: TxtResolver;
  /** Renders a made book's pages for its print-ready PDF (default: domains/books/content.ts; tests pass fixtures). */
  bookContent?: ContentSource;
  /** Where uploads keep their bytes (default: the bucket config.storage names, or the database). */
  storage?: FileStore;
}

/** What a route handler may use of the app's dependencies: everything but the database. */
export interface RouteDeps extends Omit<Deps, 'database' | 'draining' | 'storage'> {
  draining: () => boolean;
  storage: FileStore;
  /** Which database engine answers (health reports it). */
  databaseKind: Database['kind'];
  /** Starts sending queued e-mail in the background, after the request's transaction commits. */
  kickMailer: () => void;
  /** Starts handing paid orders to the print provider in the background, after the request commits. */
  kickPrinter: () => void;
}

/** The app's Prometheus metrics that requests add to (server/http/metrics.ts makes them). */
export interface AppMetrics {
  registry: Registry;
  requests: Histogram<'method' | 'route' | 'status'>;
  outboxBatch: Histogram;
  signInFailures: Counter<'kind'>;
}

/** The background jobs a request may wake once it has committed. */
export type Kicks = Pick<RouteDeps, 'kickMailer' | 'kickPrinter'>;

export interface AuthUser {
  id: number;
  role: Role;
  tenant_id: number | null;
}

export interface AppEnv {
  Variables: {
    deps: RouteDeps;
    /** The request's one database handle (see the header). */
    db: Queryable;
    /** null on a platform host (localhost, the staging hosts). */
    tenant: TenantRow | null;
    /** null when the request carries no bearer token. */
    user: AuthUser | null;
    /** Runs a request through the whole app (the outbox batch sends each entry this way). */
    dispatch: (request: Request) => Promise<Response>;
    /** This request's id (X-Request-Id), in every log line about it. */
    requestId: string;
    /** The logger for this request: every line carries its request id. */
    log: Logger;
    /** The app's Prometheus metrics (absent where a test mounts routes without the app). */
    metrics?: AppMetrics;
  };
}
