// The Hono application: security headers, the API under /api (tenant, auth, routes) and the
// built PWA with its single-page fallback. `createApiRouter` needs no dependencies, so the
// OpenAPI document can be generated without a database.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { secureHeaders } from 'hono/secure-headers';
import { authenticate, provideDeps, resolveTenant } from './http/context';
import type { AppEnv, Deps } from './http/env';
import { outboxOwner, requestDeadline } from './http/idempotency';
import { errorAnswer, validationAnswer } from './http/errors';
import { authRoutes } from './routes/auth';
import { cartRoutes } from './routes/cart';
import { charityRoutes } from './routes/charities';
import { classRoutes } from './routes/classes';
import { coverRoutes } from './routes/covers';
import { healthRoutes } from './routes/health';
import { formRoutes } from './routes/forms';
import { helpRoutes } from './routes/help';
import { pageRoutes } from './routes/pages';
import { verificationRoutes } from './routes/verification';
import { libraryRoutes } from './routes/library';
import { orderRoutes } from './routes/orders';
import { outboxRoutes } from './routes/outbox';
import { paymentRoutes } from './routes/payments';
import { invitationRoutes } from './routes/invitations';
import { passwordResetRoutes } from './routes/password-reset';
import { pinRoutes } from './routes/pins';
import { logoRoutes, registrationRoutes } from './routes/registration';
import { searchRoutes } from './routes/search';
import { signInRoutes } from './routes/sign-in';
import { studentRoutes } from './routes/students';
import { switchboardRoutes } from './routes/switchboard';
import { tenantRoutes } from './routes/tenants';

export function createApiRouter() {
  const api = new OpenAPIHono<AppEnv>({
    strict: false,
    defaultHook: (result, c) => (result.success ? undefined : validationAnswer(c, result.error)),
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  api.use('*', async (c, next) => {
    await next();
    // Answers hold personal data or tokens unless a route says otherwise (covers do).
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  // Health answers on any host (a load balancer probes by address), before the tenant is known.
  api.route('/', healthRoutes);
  api.use('*', requestDeadline, resolveTenant, authenticate, outboxOwner);
  for (const routes of [
    authRoutes,
    signInRoutes,
    passwordResetRoutes,
    invitationRoutes,
    registrationRoutes,
    tenantRoutes,
    switchboardRoutes,
    helpRoutes,
    pageRoutes,
    formRoutes,
    verificationRoutes,
    charityRoutes,
    libraryRoutes,
    cartRoutes,
    searchRoutes,
    orderRoutes,
    outboxRoutes,
    classRoutes,
    studentRoutes,
    pinRoutes,
  ]) {
    api.route('/', routes);
  }
  api.route('/', coverRoutes);
  api.route('/', logoRoutes);
  api.route('/', paymentRoutes);
  api.onError(errorAnswer);
  return api;
}

export function apiDocument() {
  return createApiRouter().getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'StoryNest API', version: '1.0.0', description: 'The REST API of the StoryNest PWA.' },
    servers: [{ url: '/api' }],
  });
}

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "media-src 'self' blob: mediastream:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await next();
    // A route may only tighten it (uploaded logos are served sandboxed).
    if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', CSP);
  });
  app.use('*', secureHeaders({ crossOriginEmbedderPolicy: false, permissionsPolicy: { camera: ['self'] } }));
  app.use('*', provideDeps(deps));
  app.use('/api/*', async (c, next) => {
    c.set('dispatch', async (request) => app.fetch(request));
    await next();
  });
  app.route('/api', createApiRouter());
  app.all('/api/*', (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  app.onError(errorAnswer);

  const root = deps.config.staticDir;
  const indexFile = join(root, 'index.html');
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (path, c) => {
        // Hashed build assets never change; everything else is revalidated so updates arrive.
        c.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  app.get('*', (c) => {
    if (!existsSync(indexFile)) return c.text('The PWA is not built yet: run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  return app;
}
