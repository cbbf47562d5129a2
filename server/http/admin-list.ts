// Admin list endpoints generated from one declaration: a declaration
// names its access (roles, site), its row schema, its query (joins), the scope and filters as SQL,
// the columns search looks in, the date column of the date filter, the sortable columns and the
// CSV columns. From it `adminListRoutes` makes two endpoints:
//   GET {path}          ?limit&offset&search&ordering&date_from&date_to&<filters>  -> {count, results}
//   GET {path}export/   the same filters, every matching row as CSV, streamed in id order in
//                       batches (keyset on the id), so 100,000 rows never sit in memory at once.
// Tests iterate over ADMIN_LISTS, so every generated list is checked for role, scope and input.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, asc, count, desc, gt, gte, ilike, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_MAX, ADMIN_PAGE_SIZE } from '../../src/contract/admin';
import { ADMIN_MSG } from '../../src/contract/messages';
import type { Queryable } from '../db/client';
import type { AppEnv } from './env';
import { defineRoute, jsonBody, type Access } from './route';

/** The query builder a declaration hands over: a drizzle select made `$dynamic()`. */
export interface DynamicSelect<Row> extends PromiseLike<Row[]> {
  where(where: SQL | undefined): DynamicSelect<Row>;
  orderBy(...columns: (SQL | AnyColumn)[]): DynamicSelect<Row>;
  limit(n: number): DynamicSelect<Row>;
  offset(n: number): DynamicSelect<Row>;
}

export interface AdminList<Row extends { id: number }, Shape extends z.ZodRawShape, Json> {
  /** Names the OpenAPI schemas and the CSV file (e.g. 'users'). */
  name: string;
  path: string;
  summary: string;
  access: Access;
  row: z.ZodType<Json>;
  /** Extra query parameters (each optional), turned into SQL by `where`. */
  filters: Shape;
  /** The caller's scope and the filters; undefined parts are ignored. */
  where: (c: Context<AppEnv>, q: z.infer<z.ZodObject<Shape>>) => SQL | undefined;
  /** Columns the search term is looked for in (every word must match one of them). */
  search: AnyColumn[];
  /** The column of the date filter (created_at or date_joined). */
  date: AnyColumn;
  /** ?ordering=key or -key. The id breaks ties, so pages never overlap. */
  sorts: Record<string, AnyColumn>;
  defaultSort: string;
  id: AnyColumn;
  /** The rows' query; `c` for columns that depend on the caller (e.g. a link to its school). */
  select: (db: Queryable, c: Context<AppEnv>) => DynamicSelect<Row>;
  countFrom: (db: Queryable) => DynamicSelect<{ n: number }>;
  json: (row: Row) => Json;
  csv: readonly (readonly [header: string, cell: (row: Row) => string | number | boolean | null | undefined])[];
}

const Day = z.iso.date('Dates are YYYY-MM-DD');
const EXPORT_BATCH = 5000;

/** Every list declared so far, for the generated tests and the docs. */
export const ADMIN_LISTS: { name: string; path: string; access: Access; filters: z.ZodRawShape; sorts: string[] }[] = [];

/** The date filter's rule: the from date is not after the to date. */
function datesInOrder(given: unknown): boolean {
  const q = given as { date_from?: string; date_to?: string };
  return !q.date_from || !q.date_to || q.date_from <= q.date_to;
}

function searchWhere(columns: AnyColumn[], term: string | undefined): SQL | undefined {
  const words = (term ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  if (!words.length) return undefined;
  const escaped = (w: string) => `%${w.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return and(...words.map((w) => or(...columns.map((col) => ilike(col, escaped(w))))));
}

/**
 * A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. A spreadsheet set
 * to another separator (`;` in much of Europe, a tab, a pipe) splits a cell there, so a formula
 * after any separator or line break inside the text is neutralised too, as at its start.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const neutral = value.replace(FORMULA_AFTER_SEPARATOR, "$1$2'$3");
  const text = /^[\t\r]/.test(neutral) ? `'${neutral}` : neutral;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
/** A formula's first character at the start or after a separator, past any blanks a spreadsheet skips. */
const FORMULA_AFTER_SEPARATOR = /(^|[,;\t\r\n|])([ \t\r]*)([=+\-@])/g;
const NEEDS_QUOTES = /[",;\t|\r\n]/;

export function adminListRoutes<Row extends { id: number }, Shape extends z.ZodRawShape, Json>(list: AdminList<Row, Shape, Json>) {
  const orderings = Object.keys(list.sorts).flatMap((k) => [k, `-${k}`]) as [string, ...string[]];
  const Filters = z.object({
    search: z.string().trim().max(100).optional(),
    date_from: Day.optional(),
    date_to: Day.optional(),
    ...list.filters,
  });
  const Query = Filters.extend({
    limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    ordering: z.enum(orderings, { error: `ordering is one of ${orderings.join(', ')}` }).default(list.defaultSort),
  }).refine(datesInOrder, { message: ADMIN_MSG.dateRange, path: ['date_from'] });
  const ExportQuery = Filters.refine(datesInOrder, { message: ADMIN_MSG.dateRange, path: ['date_from'] });
  ADMIN_LISTS.push({ name: list.name, path: list.path, access: list.access, filters: list.filters, sorts: Object.keys(list.sorts) });

  // Zod cannot infer through the generic shape: the common part is typed by hand.
  type Common = { search?: string; date_from?: string; date_to?: string };
  const whereOf = (c: Context<AppEnv>, given: unknown) => {
    const q = given as Common;
    return and(
      list.where(c, given as z.infer<z.ZodObject<Shape>>),
      searchWhere(list.search, q.search),
      q.date_from ? gte(list.date, new Date(`${q.date_from}T00:00:00Z`)) : undefined,
      q.date_to ? lte(list.date, new Date(`${q.date_to}T23:59:59.999Z`)) : undefined,
    );
  };

  const title = list.name.charAt(0).toUpperCase() + list.name.slice(1);
  const listRoute = defineRoute(list.access, {
    method: 'get',
    path: list.path,
    summary: list.summary,
    request: { query: Query },
    responses: { 200: jsonBody(z.object({ count: z.number().int(), results: z.array(list.row) }).openapi(`Admin${title}Page`)) },
  });
  const exportRoute = defineRoute(list.access, {
    method: 'get',
    path: `${list.path}export/`,
    summary: `${list.summary}: every matching row as CSV (streamed)`,
    request: { query: ExportQuery },
    responses: { 200: { description: 'CSV, one row per record', content: { 'text/csv': { schema: z.string() } } } },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const q = c.req.valid('query') as unknown as { limit: number; offset: number; ordering: string };
      const where = whereOf(c, q);
      const key = q.ordering.replace(/^-/, '');
      const column = list.sorts[key]!;
      const dir = q.ordering.startsWith('-') ? desc : asc;
      const [rows, [total]] = await Promise.all([
        list.select(c.get('db'), c).where(where).orderBy(dir(column), dir(list.id)).limit(q.limit).offset(q.offset),
        list.countFrom(c.get('db')).where(where),
      ]);
      return c.json({ count: Number(total?.n ?? 0), results: rows.map(list.json) }, 200);
    })
    .openapi(exportRoute, (c) => {
      const where = whereOf(c, c.req.valid('query'));
      const db = c.get('db');
      const encoder = new TextEncoder();
      let last: number | null = null;
      let headerSent = false;
      // pull() runs when the client is ready for more: one batch in memory at a time.
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          let text = '';
          if (!headerSent) {
            text += `${list.csv.map(([h]) => csvCell(h)).join(',')}\r\n`;
            headerSent = true;
          }
          const rows = await list
            .select(db, c)
            .where(and(where, last === null ? undefined : gt(list.id, last)))
            .orderBy(asc(list.id))
            .limit(EXPORT_BATCH);
          for (const row of rows) text += `${list.csv.map(([, cell]) => csvCell(cell(row))).join(',')}\r\n`;
          if (text) controller.enqueue(encoder.encode(text));
          if (rows.length < EXPORT_BATCH) controller.close();
          else last = rows.at(-1)!.id;
        },
      });
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${list.name}.csv"`,
          // Streamed batch by batch: compression must not gather it first (http/compress.ts).
          'X-Accel-Buffering': 'no',
        },
      }) as never;
    });
}

/** `count(*)` as a number, for `countFrom`. */
export const countAll = () => ({ n: count() });
/** Case-insensitive text equality (e-mail addresses). */
export const lowerEq = (column: AnyColumn, value: string) => sql`lower(${column}) = ${value.toLowerCase()}`;
