// The route tree: the public site, the standalone documents and the signed-in areas (whose pages
// are declared in ./areas.ts), each screen loaded on demand (one chunk per screen or per group of
// screens). Three shells: the public site (header and footer), the signed-in areas (sidebar, no
// footer) and standalone documents.
import {
  Outlet,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent as tanstackLazyRouteComponent,
  redirect,
  type AsyncRouteComponent,
} from '@tanstack/react-router';
import { PAGE_SLUGS, type PageSlug } from '@/contract/public-pages';
import type { ReportSearch } from '@/features/forms/form-pages';
import { loadTenant, useTenant } from '@/features/tenant/tenant';
import type { TenantRecord } from '@/data/db';
import { Toaster } from '@/ui/toast';
import { AREAS, type Area } from './areas';
import { FollowLanguage } from './language';
import { redirectSignedIn, requireRoles } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { TestPaymentsBanner } from './layouts/test-payments-banner';
import { offlineAwareImport, RouteError } from './route-error';
import { UpdatePrompt } from './update-prompt';

/** Every screen loads on demand; offline, a screen not downloaded yet is said (RouteError), not reloaded away. */
const lazyRouteComponent: typeof tanstackLazyRouteComponent = (importer, exportName) =>
  tanstackLazyRouteComponent(offlineAwareImport(importer), exportName);

// An unknown address is rare: its page is not part of the first load either.
const NotFound = lazyRouteComponent(() => import('./not-found'), 'NotFound');

const rootRoute = createRootRoute({
  component: () => (
    <>
      <FollowLanguage />
      <TestPaymentsBanner />
      <Outlet />
      <Toaster />
      <UpdatePrompt />
    </>
  ),
  notFoundComponent: NotFound,
});

// The signed-in areas' shell (menu, switcher, welcome, tours) is not part of the public pages'
// first load; an area's route loads it before its first render.
const AreaLayout = lazyRouteComponent(() => import('./layouts/area-layout'), 'AreaLayout') as AsyncRouteComponent<{ area: Area }>;
const loadAreaLayout = async () => {
  await AreaLayout.preload?.();
};

const publicShell = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });
const standalone = createRoute({ getParentRoute: () => rootRoute, id: 'standalone', component: Outlet });

const libraryPage = lazyRouteComponent(() => import('./screens/library'), 'LibraryScreen');
type LibrarySearch = { search?: string; category?: number };
const librarySearch = (search: Record<string, unknown>): LibrarySearch => {
  const category = Number(search.category);
  return {
    ...(typeof search.search === 'string' && search.search ? { search: search.search } : {}),
    ...(Number.isSafeInteger(category) && category > 0 ? { category } : {}),
  };
};

const indexRoute = createRoute({ getParentRoute: () => publicShell, path: '/', component: libraryPage, validateSearch: librarySearch });
const libraryRoute = createRoute({
  getParentRoute: () => publicShell,
  path: '/library',
  component: libraryPage,
  validateSearch: librarySearch,
});
const bookRoute = createRoute({
  getParentRoute: () => publicShell,
  path: '/library/$id',
  component: lazyRouteComponent(() => import('./screens/book'), 'BookScreen'),
});
// A story's reading page (not in the spec; listed in the README).
const storyRoute = createRoute({
  getParentRoute: () => publicShell,
  path: '/stories/$slug',
  component: lazyRouteComponent(() => import('@/features/stories/story-page'), 'StoryPage'),
});

/** A parent's home: their class's and school's community work, their child's on top. */
const communityRoute = createRoute({
  getParentRoute: () => publicShell,
  path: '/community',
  component: lazyRouteComponent(() => import('@/features/community/community-home'), 'CommunityHome'),
});

/** A lazily loaded screen that needs to know its site (school, organization or platform). */
function withSite(Screen: AsyncRouteComponent<{ site: TenantRecord }>) {
  const WithSite = () => <Screen site={useTenant()} />;
  WithSite.preload = Screen.preload;
  return WithSite;
}

const invitationSearch = (search: Record<string, unknown>): { invitation?: string } =>
  typeof search.invitation === 'string' && search.invitation ? { invitation: search.invitation } : {};

type LoginSearch = { redirect?: string; invitation?: string };
const loginRoute = createRoute({
  getParentRoute: () => publicShell,
  // One route for /login, /login/{token} and /login/{tenant-segment}/.
  path: '/login/{-$token}',
  component: withSite(lazyRouteComponent(() => import('@/features/auth/login-page'), 'LoginPage')),
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    ...invitationSearch(search),
  }),
  beforeLoad: redirectSignedIn,
  // The page must know which site it is on (a kiosk's class code, or a school's address).
  loader: () => loadTenant(),
});

const authRoutes = [
  createRoute({
    getParentRoute: () => publicShell,
    path: '/register/{-$token}',
    component: lazyRouteComponent(() => import('@/features/auth/register-page'), 'RegisterPage'),
    validateSearch: invitationSearch,
  }),
  createRoute({
    getParentRoute: () => publicShell,
    path: '/logout',
    component: lazyRouteComponent(() => import('@/features/auth/logout-page'), 'LogoutPage'),
  }),
  createRoute({
    getParentRoute: () => publicShell,
    path: '/accept-invitation/{-$token}',
    component: withSite(lazyRouteComponent(() => import('@/features/auth/accept-invitation-page'), 'AcceptInvitationPage')),
  }),
  createRoute({
    getParentRoute: () => publicShell,
    path: '/resetpasswordemail',
    component: lazyRouteComponent(() => import('@/features/auth/reset-password-email-page'), 'ResetPasswordEmailPage'),
  }),
  createRoute({
    getParentRoute: () => publicShell,
    path: '/password-reset-confirm',
    component: lazyRouteComponent(() => import('@/features/auth/password-reset-confirm-page'), 'PasswordResetConfirmPage'),
    validateSearch: (search: Record<string, unknown>): { token?: string } =>
      typeof search.token === 'string' ? { token: search.token } : {},
  }),
];

const p = () => publicShell;
const BOOK_ROUTES = [
  createRoute({ getParentRoute: p, path: '/uploadbook', component: lazyRouteComponent(() => import('./screens/books'), 'BookMakerHome') }),
  createRoute({
    getParentRoute: p,
    path: '/uploadbook/$slug',
    component: lazyRouteComponent(() => import('./screens/books'), 'BookMakerScreen'),
  }),
  createRoute({
    getParentRoute: p,
    path: '/library/$id/read',
    component: lazyRouteComponent(() => import('./screens/book-reader'), 'BookReaderScreen'),
  }),
];

/** The pages that are content, not code: one route each, one screen for all (loaded on demand). */
const ContentScreen = lazyRouteComponent(() => import('@/features/pages/content-page'), 'ContentPage') as AsyncRouteComponent<{
  slug: PageSlug;
  siteName: string;
}>;
const formScreen = (name: 'ContactPage' | 'TourPage' | 'EnrolmentPage') =>
  withSite(lazyRouteComponent(() => import('@/features/forms/form-pages'), name));
const ReportScreen = lazyRouteComponent(() => import('@/features/forms/form-pages'), 'ReportPage');
const reportRoute = createRoute({
  getParentRoute: p,
  path: '/report-a-problem',
  // Opened from a book or story page with that item attached (?type=book|story&id=).
  validateSearch: (search: Record<string, unknown>): ReportSearch => ({
    ...(search.type === 'book' || search.type === 'story' ? { type: search.type } : {}),
    ...(idOf(search.id) !== undefined ? { id: idOf(search.id) } : {}),
  }),
  component: Object.assign(() => <ReportScreen site={useTenant()} search={reportRoute.useSearch()} />, { preload: ReportScreen.preload }),
});
const FORM_ROUTES = [
  createRoute({ getParentRoute: p, path: '/contact', component: formScreen('ContactPage') }),
  createRoute({ getParentRoute: p, path: '/request-a-tour', component: formScreen('TourPage') }),
  createRoute({ getParentRoute: p, path: '/bulk-enrolment', component: formScreen('EnrolmentPage') }),
  reportRoute,
];
const VerificationScreen = lazyRouteComponent(() => import('@/features/auth/verification-page'), 'VerificationPage');
const verificationRoute = createRoute({
  getParentRoute: p,
  path: '/verification',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token ? { token: search.token } : {},
  component: Object.assign(() => <VerificationScreen token={verificationRoute.useSearch().token} />, {
    preload: VerificationScreen.preload,
  }),
});
const faqRoute = createRoute({
  getParentRoute: p,
  path: '/faq',
  component: lazyRouteComponent(() => import('@/features/help/faq-page'), 'FaqPage'),
});
const CONTENT_ROUTES = PAGE_SLUGS.map((slug) => {
  const Screen = () => <ContentScreen slug={slug} siteName={useTenant().school_name} />;
  Screen.preload = ContentScreen.preload;
  return createRoute({ getParentRoute: p, path: `/${slug}`, component: Screen });
});

type PaymentSearch = { order?: number; key?: string };
const paymentSearch = (search: Record<string, unknown>): PaymentSearch => {
  const order = Number(search.order);
  return { ...(Number.isSafeInteger(order) && order > 0 ? { order } : {}), ...keySearch(search) };
};
const paymentResult = (path: string, screen: 'PaypalResultScreen' | 'PhonepeResultScreen' | 'StripeResultScreen') =>
  createRoute({
    getParentRoute: p,
    path,
    validateSearch: paymentSearch,
    component: lazyRouteComponent(() => import('./screens/shop'), screen),
  });

const SHOP_ROUTES = [
  createRoute({ getParentRoute: p, path: '/checkout', component: lazyRouteComponent(() => import('./screens/shop'), 'CheckoutScreen') }),
  createRoute({
    getParentRoute: p,
    path: '/charities',
    component: lazyRouteComponent(() => import('@/features/charities/charities-page'), 'CharitiesPage'),
  }),
  createRoute({
    getParentRoute: p,
    path: '/charities/$charity',
    component: withSite(lazyRouteComponent(() => import('@/features/charities/charity-page'), 'CharityPage')),
  }),
  paymentResult('/paypal-payment/{-$result}', 'PaypalResultScreen'),
  paymentResult('/phonepe-payment/{-$result}', 'PhonepeResultScreen'),
  paymentResult('/stripe-payment/{-$result}', 'StripeResultScreen'),
];

const writerScreen = (name: 'StartStoryPage' | 'WriteStepsScreen' | 'StoryEditScreen' | 'UploadContentPage') =>
  lazyRouteComponent(() => import('./screens/writer'), name);
const slugSearch = (search: Record<string, unknown>): { slug?: string } =>
  typeof search['slug'] === 'string' ? { slug: search['slug'] } : {};
const WRITER_ROUTES = [
  createRoute({ getParentRoute: p, path: '/uploadblogsteps', component: writerScreen('StartStoryPage') }),
  createRoute({ getParentRoute: p, path: '/uploadblogsteps/$slug', component: writerScreen('WriteStepsScreen') }),
  createRoute({ getParentRoute: p, path: '/storyedit', validateSearch: slugSearch, component: writerScreen('StoryEditScreen') }),
  createRoute({ getParentRoute: p, path: '/upload-blog', validateSearch: slugSearch, component: writerScreen('StoryEditScreen') }),
  createRoute({ getParentRoute: p, path: '/uploadcontent', component: writerScreen('UploadContentPage') }),
];

const cartRoute = createRoute({
  getParentRoute: () => publicShell,
  path: '/cart',
  component: lazyRouteComponent(() => import('@/features/cart/cart-page'), 'CartPage'),
});

// The spec's archived-students route deliberately renders nothing.
const archivedStudentsRoute = createRoute({ getParentRoute: () => publicShell, path: '/archived-students', component: () => null });
const catchAllRoute = createRoute({ getParentRoute: () => publicShell, path: '$', component: NotFound });

const s = () => standalone;
const keySearch = (search: Record<string, unknown>): { key?: string } =>
  typeof search.key === 'string' && search.key ? { key: search.key } : {};
/** A lazily loaded standalone document that names its site (invoices, certificates). */
function siteNamed(Screen: AsyncRouteComponent<{ site: string }>) {
  const WithName = () => <Screen site={useTenant().school_name} />;
  WithName.preload = Screen.preload;
  return WithName;
}
const STANDALONE_ROUTES = [
  createRoute({
    getParentRoute: s,
    path: '/certificates/$id',
    validateSearch: keySearch,
    component: siteNamed(lazyRouteComponent(() => import('@/features/charities/certificate-page'), 'CertificatePage')),
  }),
  createRoute({
    getParentRoute: s,
    path: '/trackorder/$id',
    validateSearch: keySearch,
    component: lazyRouteComponent(() => import('@/features/orders/track-order-page'), 'TrackOrderPage'),
  }),
  createRoute({
    getParentRoute: s,
    path: '/invoice/$type/$id',
    validateSearch: keySearch,
    component: siteNamed(lazyRouteComponent(() => import('@/features/orders/invoice-page'), 'InvoicePage')),
  }),
];

/** ?id= and ?class_id= of the admin pages that open one class or one student. */
// A numeric id stays a number: the router writes a string that looks like a number in quotes.
type RecordSearch = { id?: number; class_id?: string; type?: 'book' | 'story' };
const idOf = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? Number(v) : undefined);
const recordSearch = (search: Record<string, unknown>): RecordSearch => ({
  ...(idOf(search.id) !== undefined ? { id: idOf(search.id) } : {}),
  ...(search.class_id != null ? { class_id: String(search.class_id) } : {}),
  ...(search.type === 'book' || search.type === 'story' ? { type: search.type } : {}),
});

/** A signed-in area: its shell and guard, an index that opens its dashboard, and its pages (./areas.ts). */
function area(spec: Area) {
  const shell = createRoute({
    getParentRoute: () => rootRoute,
    path: spec.base,
    beforeLoad: requireRoles(spec.roles),
    loader: loadAreaLayout,
    component: () => <AreaLayout area={spec} />,
  });
  const index = createRoute({
    getParentRoute: () => shell,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: `${spec.base}/dashboard` });
    },
  });
  const pages = spec.pages.map(({ path, screen }) =>
    createRoute({ getParentRoute: () => shell, path, validateSearch: recordSearch, component: screen }),
  );
  return shell.addChildren([index, ...pages]);
}

type DashboardSearch = RecordSearch & { option?: string };
const dashboardShell = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  beforeLoad: requireRoles(),
  loader: loadAreaLayout,
  component: () => <AreaLayout area={AREAS.dashboard} />,
});
const dashboardIndex = createRoute({
  getParentRoute: () => dashboardShell,
  path: '/',
  validateSearch: (search: Record<string, unknown>): DashboardSearch => ({
    ...recordSearch(search),
    ...(search.option != null ? { option: String(search.option) } : {}),
  }),
  component: lazyRouteComponent(() => import('./screens/dashboard'), 'DashboardScreen'),
});

export const routeTree = rootRoute.addChildren([
  publicShell.addChildren([
    indexRoute,
    libraryRoute,
    bookRoute,
    storyRoute,
    communityRoute,
    loginRoute,
    cartRoute,
    ...authRoutes,
    ...SHOP_ROUTES,
    ...WRITER_ROUTES,
    ...BOOK_ROUTES,
    ...CONTENT_ROUTES,
    ...FORM_ROUTES,
    verificationRoute,
    faqRoute,
    archivedStudentsRoute,
    catchAllRoute,
  ]),
  standalone.addChildren(STANDALONE_ROUTES),
  dashboardShell.addChildren([dashboardIndex]),
  area(AREAS.school),
  area(AREAS.organization),
  area(AREAS.panel),
]);

export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
    trailingSlash: 'preserve',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
