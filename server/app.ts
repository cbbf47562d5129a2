// The Hono application: security headers, the API under /api (tenant, auth, routes) and the
// built PWA with its single-page fallback. `createApiRouter` needs no dependencies, so the
// OpenAPI document can be generated without a database.
import { bookAdminRoutes } from './routes/books-admin';
import { bookCategoryRoutes } from './routes/book-categories';
import { bookMonitoringRoutes } from './routes/book-monitoring';
import { bookStatsRoutes } from './routes/book-stats';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { compressAnswers } from './http/compress';
import { authenticate, provideDeps, resolveTenant } from './http/context';
import type { AppEnv, Deps } from './http/env';
import { outboxOwner, requestDeadline } from './http/idempotency';
import { errorAnswer, validationAnswer } from './http/errors';
import { adminCommunityRoutes } from './routes/admin-community';
import { adminDashboardRoutes } from './routes/admin-dashboard';
import { adminEmailRoutes } from './routes/admin-emails';
import { adminCharityRoutes } from './routes/admin-charities';
import { adminModeRoutes } from './routes/admin-modes';
import { adminSubscriptionRoutes } from './routes/admin-subscriptions';
import { adminOrderRoutes } from './routes/admin-orders';
import { adminOrganizationRoutes } from './routes/admin-organization';
import { adminSchoolRoutes } from './routes/admin-school';
import { adminTenantRoutes } from './routes/admin-tenants';
import { adminUserRoutes, avatarRoutes } from './routes/admin-users';
import { pages } from './http/pages';
import { testHookRoutes } from './http/test-hooks';
import { staticFiles } from './http/static-files';
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
import { pictureRoutes } from './routes/pictures';
import { printCallbackRoutes, printPdfRoutes } from './routes/print';
import { pinRoutes } from './routes/pins';
import { reactionRoutes } from './routes/reactions';
import { logoRoutes, registrationRoutes } from './routes/registration';
import { searchRoutes } from './routes/search';
import { signInRoutes } from './routes/sign-in';
import { storyReadingRoutes } from './routes/story-reading';
import { storyReviewRoutes } from './routes/story-review';
import { storyStatsRoutes } from './routes/story-stats';
import { storyRoutes } from './routes/stories';
import { bookDraftRoutes } from './routes/book-drafts';
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
    storyReadingRoutes,
    storyReviewRoutes,
    storyStatsRoutes,
    reactionRoutes,
    storyRoutes,
    bookDraftRoutes,
    pictureRoutes,
    printPdfRoutes,
    adminUserRoutes,
    adminTenantRoutes,
    adminOrderRoutes,
    adminCharityRoutes,
    adminDashboardRoutes,
    adminEmailRoutes,
    adminCommunityRoutes,
    bookAdminRoutes,
    bookCategoryRoutes,
    bookStatsRoutes,
    bookMonitoringRoutes,
    adminModeRoutes,
    adminSubscriptionRoutes,
    adminSchoolRoutes,
    adminOrganizationRoutes,
  ]) {
    api.route('/', routes);
  }
  api.route('/', coverRoutes);
  api.route('/', logoRoutes);
  api.route('/', avatarRoutes);
  api.route('/', paymentRoutes);
  api.route('/', printCallbackRoutes);
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
  app.use('/api/*', compressAnswers);
  app.use('/api/*', async (c, next) => {
    // The entry keeps the batch's connection (its client address for the throttles).
    c.set('dispatch', async (request) => app.fetch(request, c.env));
    await next();
  });
  // End-to-end tests only (development with TEST_HOOKS=1): run the renewal job at a chosen time.
  if (deps.config.testHooks) app.route('/api', testHookRoutes(deps));
  app.route('/api', createApiRouter());
  app.all('/api/*', (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  app.onError(errorAnswer);

  const root = deps.config.staticDir;
  app.use('*', staticFiles(root));
  app.get('*', pages(root));
  return app;
}
