// The signed-in areas: who may enter each, and each area's pages, declared once. A page's row
// gives its path below the area, its screen (loaded on demand, ./page-screens.ts) and, when it
// is in the sidebar, its menu entry: the router (./router.tsx) makes the routes and the area's
// shell (./layouts/area-layout.tsx) the menu from the same rows, in their order. Only school
// admins and organization admins enter the school area, only organization admins the
// organization area, only platform admins the platform panel; anyone signed in has /dashboard.
import { STAFF_ROLES, type Role } from '@/contract/domain';
import { screensIn, type Screen } from './page-screens';

/** A sidebar entry: its words, its group (a heading above it), and who sees it when not everyone does. */
export interface MenuEntry {
  label: string;
  group?: string;
  /** Only these roles see the entry (e.g. Organizations, school admins only). */
  roles?: readonly Role[];
}

export interface NavItem extends MenuEntry {
  to: string;
  search?: Record<string, string>;
}

/** A page of an area: its path below the area's base, its screen, and its sidebar entry if it has one. */
export interface AreaPage {
  path: string;
  screen: Screen;
  menu?: MenuEntry;
}

export interface Area {
  base: string;
  title: string;
  /** Roles allowed in; undefined: any signed-in user. */
  roles?: readonly Role[];
  pages: readonly AreaPage[];
  /** Sidebar entries after the pages' that lead elsewhere (Logout, the dashboard's tabs). */
  links: readonly NavItem[];
}

/** The area's sidebar: its pages' entries in the pages' order, then its links. */
export function menuOf(area: Area): NavItem[] {
  const pages = area.pages.flatMap((p) => (p.menu ? [{ ...p.menu, to: `${area.base}/${p.path}` }] : []));
  return [...pages, ...area.links];
}

// The modules the pages come from (./page-modules.tsx): the app's screens, and the features'
// declarations drawn as they are.
const roster = screensIn('roster');
const schoolScreens = screensIn('schoolScreens');
const panelScreens = screensIn('panelScreens');
const charityScreens = screensIn('charityScreens');
const subsScreens = screensIn('subsScreens');
const bookScreens = screensIn('bookScreens');
const contentScreens = screensIn('contentScreens');
const school = screensIn('school');
const organization = screensIn('organization');
const ownDomain = screensIn('ownDomain');
const users = screensIn('users');
const tenants = screensIn('tenants');
const orders = screensIn('orders');
const emails = screensIn('emails');
const dashboards = screensIn('dashboards');
const charities = screensIn('charities');
const books = screensIn('books');
const categories = screensIn('categories');
const booksDashboard = screensIn('booksDashboard');
const faqs = screensIn('faqs');
const stories = screensIn('stories');

const SETTINGS = 'Settings';
const logout = (group?: string): NavItem => ({ label: 'Logout', to: '/logout', ...(group ? { group } : {}) });
const SCHOOL_ADMIN_ONLY: readonly Role[] = ['school_admin'];

export const AREAS = {
  school: {
    base: '/admin-school',
    title: 'School Admin',
    roles: ['school_admin', 'organization_admin'],
    pages: [
      { path: 'dashboard', screen: roster.screen('SchoolDashboardScreen'), menu: { label: 'Dashboard' } },
      { path: 'classes', screen: roster.screen('SchoolClassesScreen'), menu: { label: 'Classes' } },
      { path: 'students', screen: roster.screen('SchoolStudentsScreen'), menu: { label: 'Students' } },
      { path: 'teachers', screen: school.list('teachersTable'), menu: { label: 'Teachers' } },
      { path: 'stories', screen: stories.list('schoolStories'), menu: { label: 'Stories' } },
      { path: 'books', screen: bookScreens.screen('SchoolBooksScreen'), menu: { label: 'Books' } },
      { path: 'organizations', screen: school.list('organizations'), menu: { label: 'Organizations', roles: SCHOOL_ADMIN_ONLY } },
      { path: 'charities', screen: charityScreens.screen('SchoolCharitiesScreen'), menu: { label: 'Charities' } },
      { path: 'donations', screen: charityScreens.screen('SchoolDonationsScreen'), menu: { label: 'Donations' } },
      {
        path: 'pages',
        screen: contentScreens.screen('SchoolPagesScreen'),
        menu: { label: 'Pages', roles: SCHOOL_ADMIN_ONLY, group: SETTINGS },
      },
      { path: 'subscriptions', screen: subsScreens.screen('SchoolPlansScreen'), menu: { label: 'Subscriptions', group: SETTINGS } },
      {
        path: 'payment-history',
        screen: schoolScreens.screen('SchoolPaymentsScreen'),
        menu: { label: 'Payment History', group: SETTINGS },
      },
      { path: 'profile', screen: schoolScreens.screen('SchoolProfileScreen'), menu: { label: 'Profile', group: SETTINGS } },
      { path: 'own-domain', screen: ownDomain.screen('OwnDomainScreen'), menu: { label: 'Own domain', group: SETTINGS } },
      { path: 'teacher/$id/profile', screen: schoolScreens.screen('TeacherProfileScreen') },
      { path: 'new-table', screen: school.list('classesTable') },
      { path: 'classform/{-$classId}', screen: school.form('classForm', 'classId') },
      { path: 'studentprofile/{-$userId}', screen: roster.screen('StudentProfileScreen') },
      { path: 'users', screen: schoolScreens.screen('SchoolUsersScreen') },
      { path: 'userprofile/{-$userId}', screen: schoolScreens.screen('SchoolUserProfileScreen') },
      { path: 'classdetails/{-$classId}', screen: roster.screen('ClassDetailsScreen') },
      { path: 'charity-details-view/$charityId', screen: charityScreens.screen('SchoolCharityDetailsScreen') },
      { path: 'addcharities/{-$charityId}', screen: charityScreens.screen('SchoolCharityScreen') },
      { path: 'book-categories', screen: categories.list('schoolCategories') },
      { path: 'school-modes', screen: subsScreens.screen('SchoolModesScreen') },
      { path: 'add-book-category/{-$categoryId}', screen: categories.form('schoolCategoryForm', 'categoryId') },
      { path: 'pages/$slug', screen: contentScreens.screen('SchoolPageScreen') },
    ],
    links: [logout(SETTINGS)],
  },
  organization: {
    base: '/admin-organization',
    title: 'Organization Admin',
    roles: ['organization_admin'],
    pages: [
      { path: 'dashboard', screen: organization.dashboard('organizationDashboard'), menu: { label: 'Dashboard' } },
      { path: 'schools', screen: schoolScreens.screen('SchoolsScreen'), menu: { label: 'Schools' } },
      // Where Schools' 'Invite a school' leads.
      { path: 'schools/invite', screen: schoolScreens.screen('InviteSchoolScreen') },
      { path: 'stories', screen: stories.list('organizationStories'), menu: { label: 'Stories' } },
      { path: 'books', screen: books.list('organizationBooks'), menu: { label: 'Books' } },
      { path: 'subscriptions', screen: subsScreens.screen('OrganizationPlansScreen'), menu: { label: 'Plans', group: SETTINGS } },
      {
        path: 'payment-history',
        screen: schoolScreens.screen('OrganizationPaymentsScreen'),
        menu: { label: 'Payment History', group: SETTINGS },
      },
      { path: 'profile', screen: schoolScreens.screen('OrganizationProfileScreen'), menu: { label: 'Profile', group: SETTINGS } },
      { path: 'user-dashboard', screen: organization.dashboard('organizationUserDashboard') },
    ],
    links: [logout(SETTINGS)],
  },
  panel: {
    base: '/admin-panel',
    title: 'Platform Admin',
    roles: ['upschool_admin'],
    pages: [
      { path: 'dashboard', screen: dashboards.dashboard('platformDashboard'), menu: { label: 'Dashboard' } },
      { path: 'all-tenants', screen: tenants.list('allTenants'), menu: { label: 'Tenants' } },
      { path: 'modes', screen: subsScreens.screen('ModesScreen'), menu: { label: 'Modes' } },
      { path: 'all-users', screen: users.list('allUsers'), menu: { label: 'Users' } },
      { path: 'all-charities', screen: charityScreens.screen('AllCharitiesScreen'), menu: { label: 'Charities' } },
      { path: 'all-books', screen: bookScreens.screen('AllBooksScreen'), menu: { label: 'Books' } },
      { path: 'orders', screen: panelScreens.screen('OrdersScreen'), menu: { label: 'Orders' } },
      { path: 'payment-history', screen: orders.list('payments'), menu: { label: 'Payment History' } },
      { path: 'faqs', screen: faqs.list('faqList'), menu: { label: 'Help Articles', group: 'Content' } },
      { path: 'pages', screen: contentScreens.screen('PanelPagesScreen'), menu: { label: 'Pages', group: 'Content' } },
      {
        path: 'form-submissions',
        screen: contentScreens.screen('FormSubmissionsScreen'),
        menu: { label: 'Messages and Requests', group: 'Content' },
      },
      { path: 'subscription-plan', screen: subsScreens.screen('PlansScreen'), menu: { label: 'Subscription Plans', group: SETTINGS } },
      { path: 'email-monitoring', screen: emails.list('emails'), menu: { label: 'Email Monitoring', group: SETTINGS } },
      { path: 'book-monitoring', screen: bookScreens.screen('BookMonitoringScreen'), menu: { label: 'Book Monitoring', group: SETTINGS } },
      { path: 'user-dashboard', screen: dashboards.dashboard('usersDashboard') },
      { path: 'users-dashboard', screen: dashboards.dashboard('usersDashboard') },
      { path: 'superpower-teacher', screen: users.list('teacherPowers') },
      { path: 'superpower-parent', screen: panelScreens.screen('SuperpowerParentScreen') },
      { path: 'subscription-variant', screen: subsScreens.screen('VariantsScreen') },
      { path: 'subscription-details', screen: subsScreens.screen('SubscriptionDetailsScreen') },
      { path: 'user/{-$userId}', screen: panelScreens.screen('UserScreen') },
      { path: 'userprofile/{-$userId}', screen: panelScreens.screen('UserProfileScreen') },
      { path: 'tenant/{-$tenantId}', screen: tenants.form('tenantForm', 'tenantId') },
      { path: 'students', screen: users.list('students') },
      { path: 'teachers', screen: users.list('teachers') },
      { path: 'charities-dashboard', screen: charities.dashboard('charitiesDashboard') },
      { path: 'charity/{-$charityId}', screen: charityScreens.screen('CharityScreen') },
      { path: 'charity-details-view/$charityId', screen: charityScreens.screen('CharityDetailsScreen') },
      { path: 'donations', screen: charityScreens.screen('DonationsScreen') },
      { path: 'books-dashboard', screen: booksDashboard.dashboard('booksDashboard') },
      { path: 'all-book-categories', screen: categories.list('platformCategories') },
      { path: 'book-category/{-$categoryId}', screen: categories.form('platformCategoryForm', 'categoryId') },
      { path: 'book/{-$bookId}', screen: books.form('platformBookForm', 'bookId') },
      { path: 'view-book/{-$bookId}', screen: bookScreens.screen('ViewBookScreen') },
      { path: 'faqs/$faqId', screen: faqs.form('faqForm', 'faqId') },
      { path: 'pages/$slug', screen: contentScreens.screen('PanelPageScreen') },
    ],
    links: [logout(SETTINGS)],
  },
  dashboard: {
    base: '/dashboard',
    title: 'Dashboard',
    // One page (its tabs are ?option=), made by the router. The tabs are the staff's; a child's
    // menu is their own writing and Sign out.
    pages: [],
    links: [
      { label: 'Teacher Dashboard', to: '/dashboard', search: { option: 'Teacher Dashboard' }, roles: STAFF_ROLES },
      { label: 'Manage Classes', to: '/dashboard', search: { option: 'Manage Classes' }, roles: STAFF_ROLES },
      { label: 'Money I Have Raised', to: '/dashboard', search: { option: 'Money I Have Raised' }, roles: STAFF_ROLES },
      { ...logout(), roles: STAFF_ROLES },
      { label: 'My writing', to: '/dashboard', roles: ['student'] },
      { label: 'Write a story', to: '/uploadblogsteps', roles: ['student'] },
      { label: 'Make a book', to: '/uploadbook', roles: ['student'] },
      { label: 'Library', to: '/library', roles: ['student'] },
      { label: 'Sign out', to: '/logout', roles: ['student'] },
    ],
  },
} satisfies Record<string, Area>;
