// What every request handler can reach: the app's dependencies, the request's tenant (decided
// by the host) and the signed-in user (decided by the bearer token).
import type { Config } from '../config';
import type { Database, Queryable } from '../db/client';
import type { TenantRow } from '../db/schema';
import type { Keys } from '../services/crypto';
import type { Role } from '../../src/contract/domain';

export interface Deps {
  database: Database;
  config: Config;
  keys: Keys;
  /** The clock, injectable so tests can move time (token expiry, rate-limit windows). */
  now: () => Date;
}

export interface AuthUser {
  id: number;
  role: Role;
  tenant_id: number | null;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    /** Where a handler reads and writes: the database, or the request's transaction when the
     *  request carries an Idempotency-Key (so the effect and its recorded answer commit together). */
    db: Queryable;
    /** null on a platform host (localhost, the staging hosts). */
    tenant: TenantRow | null;
    /** null when the request carries no bearer token. */
    user: AuthUser | null;
    /** Runs a request through the whole app (the outbox batch sends each entry this way). */
    dispatch: (request: Request) => Promise<Response>;
  };
}
