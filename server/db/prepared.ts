// Statements prepared once per database handle, for the look-ups every sign-in and every
// token check makes. drizzle builds a statement's SQL text once instead of on every call (its
// query building was about 16% of the PostgreSQL process's CPU in the class-start burst), and on
// PostgreSQL the statement is named, so each pooled connection parses and plans it once. PGlite's
// driver has no named statements: there only the building is saved.
//
// A statement belongs to the handle it was prepared on (the database, or one transaction), so
// it is kept per handle: one prepared on the database never runs outside a caller's transaction.
import type { Queryable } from './client';

export function preparedPer<P>(build: (db: Queryable) => P): (db: Queryable) => P {
  const handles = new WeakMap<Queryable, P>();
  return (db) => {
    let statement = handles.get(db);
    if (!statement) handles.set(db, (statement = build(db)));
    return statement;
  };
}
