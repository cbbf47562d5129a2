// A signed-in user's cart (SPEC.md section 3, Cart): GET /data/cart/, and the writes the
// PWA's outbox replays: add an item (ignored when present) and remove one.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { books, cartItems, type TenantRow } from '../db/schema';
import type { AppEnv } from '../http/env';
import { fail } from '../http/errors';
import { defineRoute, errorBody, jsonBody, signedInUser } from '../http/route';

const CartSchema = z.object({ cart: z.array(z.number().int()), count: z.number().int() }).openapi('Cart');
const BookId = z.coerce.number().int().positive().max(2_147_483_647);

async function cartOf(db: Queryable, userId: number) {
  const rows = await db
    .select({ book_id: cartItems.book_id })
    .from(cartItems)
    .where(eq(cartItems.user_id, userId))
    .orderBy(asc(cartItems.added_at), asc(cartItems.book_id));
  const cart = rows.map((r) => r.book_id);
  return { cart, count: cart.length };
}

async function assertOnSale(db: Queryable, tenant: TenantRow | null, bookId: number) {
  const [book] = await db
    .select({ id: books.id })
    .from(books)
    .where(
      and(
        eq(books.id, bookId),
        eq(books.published, true),
        isNull(books.deleted_at),
        tenant ? or(isNull(books.tenant_id), eq(books.tenant_id, tenant.id)) : isNull(books.tenant_id),
      ),
    )
    .limit(1);
  if (!book) fail(404, 'This book is no longer available.');
}

const getCart = defineRoute(
  { roles: 'signed-in' },
  { method: 'get', path: '/data/cart/', summary: "The signed-in user's cart", responses: { 200: jsonBody(CartSchema) } },
);

const addItem = defineRoute(
  { roles: 'signed-in' },
  {
    method: 'post',
    path: '/data/cart/items/',
    summary: 'Add a book to the cart (nothing changes when it is already there)',
    request: { body: { required: true, content: { 'application/json': { schema: z.object({ book_id: BookId }) } } } },
    responses: { 200: jsonBody(CartSchema), 404: { description: 'No such book on sale', ...errorBody } },
  },
);

const removeItem = defineRoute(
  { roles: 'signed-in' },
  {
    method: 'delete',
    path: '/data/cart/items/{book_id}/',
    summary: 'Remove a book from the cart',
    request: { params: z.object({ book_id: BookId }) },
    responses: { 200: jsonBody(CartSchema) },
  },
);

export const cartRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getCart, async (c) => c.json(await cartOf(c.var.db, signedInUser(c).id), 200))
  .openapi(addItem, async (c) => {
    const user = signedInUser(c);
    const { book_id } = c.req.valid('json');
    await assertOnSale(c.var.db, c.var.tenant, book_id);
    await c.var.db.insert(cartItems).values({ user_id: user.id, book_id }).onConflictDoNothing();
    return c.json(await cartOf(c.var.db, user.id), 200);
  })
  .openapi(removeItem, async (c) => {
    const user = signedInUser(c);
    await c.var.db.delete(cartItems).where(and(eq(cartItems.user_id, user.id), eq(cartItems.book_id, c.req.valid('param').book_id)));
    return c.json(await cartOf(c.var.db, user.id), 200);
  });
