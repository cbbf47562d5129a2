// The Hono application: security headers, the API under /api (tenant, auth, routes) and the
// built PWA with its single-page fallback. `createApiRouter` needs no dependencies, so the
// OpenAPI document can be generated without a database.
import { bookAdminRoutes } from './domains/library/catalogue-routes';
import { bookCategoryRoutes } from './domains/library/category-routes';
import { bookMonitoringRoutes } from './domains/books/monitoring-routes';
import { bookStatsRoutes } from './domains/library/stats-routes';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { compressAnswers } from './http/compress';
import { rememberJsonText } from './http/json-text';
import { authenticate, provideDeps, resolveTenant } from './http/context';
import type { AppEnv, Deps } from './http/env';
import { outboxOwner, requestDeadline } from './http/idempotency';
import { errorAnswer, validationAnswer } from './http/errors';
import { answerInLanguage } from './http/language';
import { adminCommunityRoutes } from './domains/schools/community-routes';
import { adminDashboardRoutes } from './domains/platform/routes';
import { adminEmailRoutes } from './domains/mail/routes';
import { adminCharityRoutes } from './domains/commerce/charity-admin-routes';
import { adminModeRoutes } from './domains/schools/mode-routes';
import { adminSubscriptionRoutes } from './domains/commerce/subscription-routes';
import { adminOrderRoutes } from './domains/commerce/order-admin-routes';
import { adminOrganizationRoutes } from './domains/schools/organization-area-routes';
import { adminSchoolRoutes } from './domains/schools/school-area-routes';
import { classAdminRoutes } from './domains/schools/class-admin-routes';
import { overviewRoutes } from './domains/schools/overview-routes';
import { adminTenantRoutes } from './domains/schools/tenant-admin-routes';
import { adminUserRoutes, avatarRoutes } from './domains/auth/user-routes';
import { pages } from './http/pages';
import { jobKicks } from './jobs/background';
import { testHookRoutes } from './jobs/test-hooks';
import { pageData } from './site/page-data';
import { apiReferenceRoutes, type ApiDocument } from './site/api-reference';
import { manifestRoutes } from './site/manifest';
import { staticFiles } from './http/static-files';
import { authRoutes } from './domains/auth/routes';
import { cartRoutes } from './domains/commerce/cart-routes';
import { charityRoutes } from './domains/commerce/charity-routes';
import { classRoutes } from './domains/roster/class-routes';
import { coverRoutes } from './domains/library/cover-routes';
import { healthRoutes } from './http/health';
import { tlsRoutes } from './http/tls';
import { createMetrics, measureRequests, metricsEndpoint } from './http/metrics';
import { domainRoutes } from './domains/schools/domain-routes';
import { formRoutes } from './domains/help/form-routes';
import { helpRoutes } from './domains/help/routes';
import { pageRoutes } from './domains/help/page-routes';
import { verificationRoutes } from './domains/schools/verification-routes';
import { libraryRoutes } from './domains/library/routes';
import { communityHomeRoutes } from './domains/library/community-home-routes';
import { orderRoutes } from './domains/commerce/order-routes';
import { outboxRoutes } from './http/outbox-batch';
import { paymentRoutes } from './domains/commerce/payment-routes';
import { invitationRoutes } from './domains/auth/invitation-routes';
import { passwordResetRoutes } from './domains/auth/password-reset-routes';
import { pictureRoutes } from './domains/books/picture-routes';
import { printPdfRoutes } from './domains/books/print-routes';
import { printCallbackRoutes } from './domains/commerce/print-routes';
import { pinRoutes } from './domains/library/pin-routes';
import { reactionRoutes } from './domains/stories/reaction-routes';
import { logoRoutes, registrationRoutes } from './domains/schools/registration-routes';
import { searchRoutes } from './domains/library/search-routes';
import { signInRoutes } from './domains/roster/sign-in-routes';
import { tabletRoutes } from './domains/roster/tablet-routes';
import { storyReadingRoutes } from './domains/stories/reading-routes';
import { storyReviewRoutes } from './domains/stories/review-routes';
import { storyStatsRoutes } from './domains/stories/stats-routes';
import { storyRoutes } from './domains/stories/routes';
import { bookDraftRoutes } from './domains/books/routes';
import { studentRoutes } from './domains/roster/student-routes';
import { switchboardRoutes } from './domains/schools/switchboard-routes';
import { tenantRoutes } from './domains/schools/routes';

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
  api.route('/', tlsRoutes);
  api.use('*', requestDeadline, resolveTenant, authenticate, outboxOwner);
  for (const routes of [
    authRoutes,
    signInRoutes,
    tabletRoutes,
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
    communityHomeRoutes,
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
    classAdminRoutes,
    overviewRoutes,
    adminOrganizationRoutes,
    domainRoutes,
  ]) {
    api.route('/', routes);
  }
  api.route('/', coverRoutes);
  api.route('/', logoRoutes);
  api.route('/', avatarRoutes);
  api.route('/', paymentRoutes);
  api.route('/', printCallbackRoutes);
  // Its failures are answered by the app that mounts it (createApp's two: app and changes), where
  // they are thrown. Given its own error handler, every one of its routes and middlewares ran
  // wrapped in one more handler chain each (hono's route()): a tenth of what a class start
  // allocated (bench:load).
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
  // Scripts from here only, never inline or eval'd; compiling WebAssembly is allowed (it runs in
  // the page's sandbox and can reach nothing a script cannot): the PDFs made on the device shape
  // their text with HarfBuzz, and without it the browser refuses the module and no PDF comes.
  "script-src 'self' 'wasm-unsafe-eval'",
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
  const services = provideDeps(deps, jobKicks(deps));
  app.use('*', services);
  const metrics = createMetrics(deps.database.db, deps.now);
  app.use('*', measureRequests(metrics));
  // Prometheus scrapes each process by its address (the reverse proxy's clients are refused).
  app.get('/metrics', metricsEndpoint(metrics, deps.config.metricsToken));
  app.use('/api/*', rememberJsonText, compressAnswers);
  // Failures in the request's language (inside compression: it reads the answer as JSON).
  app.use('/api/*', answerInLanguage);
  const api = createApiRouter();
  const noEndpoint = (c: Context<AppEnv>) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404);
  // A batch's changes are dispatched to the API alone, with what their answers need there (the
  // services, the answer's text kept, failures in the request's language) and not what only an
  // HTTP answer needs (security headers, compression, request metrics): the batch's answer has those.
  const changes = new Hono<AppEnv>();
  changes.use('*', services);
  changes.use('/api/*', rememberJsonText, answerInLanguage);
  changes.route('/api', api);
  changes.all('/api/*', noEndpoint);
  changes.onError(errorAnswer);
  app.use('/api/*', async (c, next) => {
    // The entry keeps the batch's connection (its client address for the throttles).
    c.set('dispatch', async (request) => changes.fetch(request, c.env));
    await next();
  });
  // End-to-end tests only (development with TEST_HOOKS=1): run the renewal job at a chosen time.
  if (deps.config.testHooks) app.route('/api', testHookRoutes(deps));
  // The contract and its readable reference for integrators, on any host.
  app.route(
    '/api',
    apiReferenceRoutes(() => apiDocument() as unknown as ApiDocument),
  );
  app.route('/api', api);
  app.all('/api/*', noEndpoint);
  app.onError(errorAnswer);

  const root = deps.config.staticDir;
  // Before the built files: the manifest (and its icons) are each site's own.
  app.route('/', manifestRoutes(root));
  app.use('*', staticFiles(root));
  app.get('*', pages(root, pageData));
  return app;
}
