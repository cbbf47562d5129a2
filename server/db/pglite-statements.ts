// Statements on PGlite in one call each. PGlite's `query` sends a statement to PostgreSQL as six
// calls into its WebAssembly (parse, describe the statement, bind, describe the portal, execute,
// sync), and PostgreSQL parses and plans the text anew every time. Here each statement's text is
// parsed once under a name, its parameter types kept, and every run of it is one call: bind,
// describe, execute, sync, pipelined as a PostgreSQL client does on a socket. The answer is read
// by PGlite's own parser, with the client's parsers and serializers, so rows come back exactly
// as `query` returns them.
//
// Named statements live as long as PostgreSQL's session (a rolled-back transaction keeps them).
// At most `limit` are kept: the one used longest ago is closed when a new one is parsed.
import type * as PGliteModule from '@electric-sql/pglite';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/**
 * PGlite's protocol serializer and its parser of answers, passed in by the caller that loaded
 * PGlite: imported here, they would load PGlite into a server that runs on PostgreSQL.
 */
export type PGliteProtocol = Pick<typeof PGliteModule, 'parse' | 'protocol'>;

/** PostgreSQL's error for a statement whose result changed shape since it was parsed (a column altered). */
const CACHED_PLAN_CHANGED = '0A000';

/** Messages one after another, in one new buffer. */
function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** Statements named so far in this process: each name is new, whichever runner made it. */
let made = 0;

interface Named {
  name: string;
  /** Each parameter's type oid, as PostgreSQL inferred it when parsing. */
  types: number[];
}

/** A statement runner for `client`: `run(text, params, options)` as `client.query` answers it. */
export function namedStatements(client: PGlite, { parse, protocol }: PGliteProtocol, limit = 500) {
  const { serialize } = protocol;
  const DESCRIBE_PORTAL = joined([serialize.describe({ type: 'P' })]);
  const EXECUTE = joined([serialize.execute({})]);
  const SYNC = joined([serialize.sync()]);
  const named = new Map<string, Named>();

  /** Parses `text` under a new name (closing the statement used longest ago when the limit is reached). */
  async function prepare(text: string): Promise<Named> {
    const name = `pglite_${++made}`;
    // Each message copied as it is made (`joined`): the serializer may reuse its buffer.
    const parts: Uint8Array[] = [];
    if (named.size >= limit) {
      const [oldestText, oldest] = named.entries().next().value as [string, Named];
      named.delete(oldestText);
      parts.push(joined([serialize.close({ type: 'S', name: oldest.name })]));
    }
    parts.push(joined([serialize.parse({ name, text })]), joined([serialize.describe({ type: 'S', name })]), SYNC);
    const message = joined(parts);
    const types = parse.parseDescribeStatementResults(await client.execProtocolStream(message, { syncToFs: false }));
    const statement = { name, types };
    named.set(text, statement);
    return statement;
  }

  async function execute(statement: Named, params: unknown[], options: QueryOptions | undefined): Promise<Results> {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.types[i]!;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const bind = serialize.bind({ statement: statement.name, values: values as string[] });
    const messages = await client.execProtocolStream(joined([bind, DESCRIBE_PORTAL, EXECUTE, SYNC]), { syncToFs: false });
    return parse.parseResults(messages, client.parsers, options)[0]!;
  }

  /** Runs `text` with `params`; the caller holds PGlite's locks (client.ts, `wrapStatements`). */
  async function run(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> {
    let statement = named.get(text);
    if (statement) {
      // Used now: it moves to the end of the map's order, away from the next to be closed.
      named.delete(text);
      named.set(text, statement);
    }
    try {
      statement ??= await prepare(text);
      return await execute(statement, params, options);
    } catch (err) {
      if ((err as { code?: string }).code === CACHED_PLAN_CHANGED) named.delete(text);
      // As PGlite's own `query` reports a failure: the statement and its parameters on the error.
      Object.assign(err as object, { query: text, params, queryOptions: options });
      throw err;
    }
  }

  return { run, size: () => named.size };
}
