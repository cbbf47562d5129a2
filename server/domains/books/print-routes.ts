// The print-ready PDF of a book (GET /books/{id}/print.pdf, also the teacher's "Download PDF").
// The printed copies of paid orders, and the print provider's callbacks, are the commerce
// domain's (domains/commerce/print-routes.ts).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, signedInUser, notFoundAnswer } from '../../http/route';
import { bookForPrint, printContent, schoolPictures } from './print-content';
import { printBookPdf } from './print-pdf';
import { Id } from '../../http/schemas';
import { CLASS_STAFF } from '../../http/access';

const printPdf = defineRoute(
  { roles: [...CLASS_STAFF, 'upschool_admin'] },
  {
    method: 'get',
    path: '/books/{id}/print.pdf',
    summary: "A book's print-ready PDF: the cover first, every page at the trim size plus 3 mm bleed, fonts embedded",
    description: "The book's school's staff on its site; the platform admin anywhere. Another school's book is a 404.",
    request: { params: z.object({ id: Id }) },
    responses: {
      200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } } },
      ...notFoundAnswer('No such book on this site'),
    },
  },
);

const fileName = (title: string) =>
  (title
    .replace(/[^A-Za-z0-9 _-]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60) || 'book') + '.pdf';

export const printPdfRoutes = new OpenAPIHono<AppEnv>().openapi(printPdf, async (c) => {
  const { id } = c.req.valid('param');
  const user = signedInUser(c);
  const tenant = c.get('tenant');
  const book = await bookForPrint(c.get('db'), id);
  // On a school's site only that school's books; on the platform's only for the platform admin.
  const mine = book && (tenant ? book.tenant_id === tenant.id : user.role === 'upschool_admin');
  if (!book || !mine) fail(404, 'We could not find this book.');
  const content = await printContent(c.get('db'), book, c.get('deps').bookContent);
  const pictures = schoolPictures(c.get('db'), c.get('deps').storage, book.tenant_id);
  const pdf = await printBookPdf(content, pictures, c.get('deps').config.requestTimeoutMs);
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `attachment; filename="${fileName(book.title)}"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(pdf as Uint8Array<ArrayBuffer>, 200);
});
