// A signed-in user's cart, one row per item: GET /data/cart/, and the writes the
// PWA's outbox replays: add an item (ignored when present) and remove one.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { books, cartItems, type TenantRow } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, signedInUser, jsonRequest, notFoundAnswer } from '../../http/route';
import { Id } from '../../http/schemas';
import { preparedPer } from '../../db/prepared';

const CartSchema = z.object({ cart: z.array(z.number().int()), count: z.number().int() }).openapi('Cart');
/** A write answers what it did, not the whole cart: replays stay small however big the cart. */
const CartChange = z.object({ book_id: z.number().int(), in_cart: z.boolean() }).openapi('CartChange');

async function cartOf(db: Queryable, userId: number) {
  const rows = await db
    .select({ book_id: cartItems.book_id })
    .from(cartItems)
    .where(eq(cartItems.user_id, userId))
    .orderBy(asc(cartItems.added_at), asc(cartItems.book_id));
  const cart = rows.map((r) => r.book_id);
  return { cart, count: cart.length };
}

/** A book on sale on this site (`tenant` null: the platform's own books only). */
const onSale = () =>
  and(
    eq(books.id, sql.placeholder('book')),
    eq(books.published, true),
    isNull(books.deleted_at),
    or(isNull(books.tenant_id), eq(books.tenant_id, sql.placeholder('tenant'))),
  );

// Prepared once per handle (server/db/prepared.ts): a replay of many additions builds each once.
const addOnSale = preparedPer((db) =>
  db
    .insert(cartItems)
    .select(
      db
        .select({
          user_id: sql<number>`${sql.placeholder('user')}::integer`.as('user_id'),
          book_id: books.id,
          // Every column, in order (drizzle's rule for an insert from a select): now, as its default.
          added_at: sql<Date>`now()`.as('added_at'),
        })
        .from(books)
        .where(onSale()),
    )
    .onConflictDoNothing()
    .returning({ book_id: cartItems.book_id })
    .prepare('cart_add'),
);
const removeFromCart = preparedPer((db) =>
  db
    .delete(cartItems)
    .where(and(eq(cartItems.user_id, sql.placeholder('user')), eq(cartItems.book_id, sql.placeholder('book'))))
    .prepare('cart_remove'),
);
const isOnSale = preparedPer((db) => db.select({ id: books.id }).from(books).where(onSale()).limit(1).prepare('cart_book_on_sale'));

/** Puts a book on sale on this site into the cart; false when there is no such book. */
async function addIfOnSale(db: Queryable, tenant: TenantRow | null, userId: number, bookId: number): Promise<boolean> {
  const where = { book: bookId, tenant: tenant?.id ?? null };
  if ((await addOnSale(db).execute({ ...where, user: userId })).length) return true;
  // Nothing added: already in the cart, or not on sale here.
  return (await isOnSale(db).execute(where)).length > 0;
}

const getCart = defineRoute(
  { roles: 'signed-in' },
  { method: 'get', path: '/data/cart/', summary: "The signed-in user's cart", responses: { 200: jsonBody(CartSchema) } },
);

const addItem = defineRoute(
  { roles: 'signed-in', outbox: true },
  {
    method: 'post',
    path: '/data/cart/items/',
    summary: 'Add a book to the cart (nothing changes when it is already there)',
    request: jsonRequest(z.object({ book_id: Id })),
    responses: { 200: jsonBody(CartChange), ...notFoundAnswer('No such book on sale') },
  },
);

const removeItem = defineRoute(
  { roles: 'signed-in', outbox: true },
  {
    method: 'delete',
    path: '/data/cart/items/{book_id}/',
    summary: 'Remove a book from the cart',
    request: { params: z.object({ book_id: Id }) },
    responses: { 200: jsonBody(CartChange) },
  },
);

export const cartRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getCart, async (c) => c.json(await cartOf(c.get('db'), signedInUser(c).id), 200))
  .openapi(addItem, async (c) => {
    const user = signedInUser(c);
    const { book_id } = c.req.valid('json');
    if (!(await addIfOnSale(c.get('db'), c.get('tenant'), user.id, book_id))) fail(404, 'This book is no longer available.');
    return c.json({ book_id, in_cart: true }, 200);
  })
  .openapi(removeItem, async (c) => {
    const user = signedInUser(c);
    const { book_id } = c.req.valid('param');
    await removeFromCart(c.get('db')).execute({ user: user.id, book: book_id });
    return c.json({ book_id, in_cart: false }, 200);
  });
