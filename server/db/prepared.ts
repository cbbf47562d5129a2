// Statements prepared once, for the look-ups and writes every sign-in, token check and outbox
// change makes. drizzle builds a statement's SQL text once instead of on every call (its query
// building was about 16% of the PostgreSQL process's CPU in the class-start burst), and on
// PostgreSQL the statement is named, so each pooled connection parses and plans it once (on
// PGlite, pglite-statements.ts names it).
//
// A statement runs on the handle that asks for it (the database, or a caller's transaction):
// one built on the database never runs outside a caller's transaction. It is built once for each
// kind of driver (PGlite's and node-postgres's prepared queries differ; one process may hold
// both, as the tests do), on the first handle of that kind, and each other handle gets a view of
// it that runs on that handle's connection (a drizzle prepared query holds its connection as
// `client`). Built again for each transaction, the three statements of an outbox change were the
// largest share of the memory a class start allocated on PGlite (bench:load).
import type { Queryable } from './client';

/** A drizzle handle's session: its driver's class, and the connection it runs statements on. */
const sessionOf = (db: Queryable) => db._.session as unknown as { client: unknown; constructor: object };

export function preparedPer<P extends object>(build: (db: Queryable) => P): (db: Queryable) => P {
  const built = new Map<object, P>();
  const handles = new WeakMap<Queryable, P>();
  return (db) => {
    let statement = handles.get(db);
    if (!statement) {
      const session = sessionOf(db);
      let first = built.get(session.constructor);
      if (!first) built.set(session.constructor, (first = build(db)));
      statement = Object.create(first, { client: { value: session.client } }) as P;
      handles.set(db, statement);
    }
    return statement;
  };
}
