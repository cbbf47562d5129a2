// The signed-in areas: who may enter each, and each area's pages, declared once. A page's row
// gives its path below the area, its screen (loaded on demand, ./page-screens.ts) and, when it
// is in the sidebar, its menu entry: the router (./router.tsx) makes the routes and the area's
// shell (./layouts/area-layout.tsx) the menu from the same rows, in their order. Only school
// admins and organization admins enter the school area, only organization admins the
// organization area, only platform admins the platform panel; anyone signed in has /dashboard.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { STAFF_ROLES, type Role } from '@/contract/domain';
import { screensIn, type Screen } from './page-screens';

/** A sidebar entry: its words, its group (a heading above it), and who sees it when not everyone does. */
export interface MenuEntry {
  label: MessageDescriptor;
  group?: MessageDescriptor;
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
  title: MessageDescriptor;
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

const SETTINGS = msg`Settings`;
const CONTENT = msg`Content`;
const logout = (group?: MessageDescriptor): NavItem => ({ label: msg`Logout`, to: '/logout', ...(group ? { group } : {}) });
const SCHOOL_ADMIN_ONLY: readonly Role[] = ['school_admin'];

export const AREAS = {
  school: {
    base: '/admin-school',
    title: msg`School Admin`,
    roles: ['school_admin', 'organization_admin'],
    pages: [
      { path: 'dashboard', screen: roster.screen('SchoolDashboardScreen'), menu: { label: msg`Dashboard` } },
      { path: 'classes', screen: roster.screen('SchoolClassesScreen'), menu: { label: msg`Classes` } },
      { path: 'students', screen: roster.screen('SchoolStudentsScreen'), menu: { label: msg`Students` } },
      { path: 'teachers', screen: school.list('teachersTable'), menu: { label: msg`Teachers` } },
      { path: 'stories', screen: stories.list('schoolStories'), menu: { label: msg`Stories` } },
      { path: 'books', screen: bookScreens.screen('SchoolBooksScreen'), menu: { label: msg`Books` } },
      { path: 'organizations', screen: school.list('organizations'), menu: { label: msg`Organizations`, roles: SCHOOL_ADMIN_ONLY } },
      { path: 'charities', screen: charityScreens.screen('SchoolCharitiesScreen'), menu: { label: msg`Charities` } },
      { path: 'donations', screen: charityScreens.screen('SchoolDonationsScreen'), menu: { label: msg`Donations` } },
      {
        path: 'pages',
        screen: contentScreens.screen('SchoolPagesScreen'),
        menu: { label: msg`Pages`, roles: SCHOOL_ADMIN_ONLY, group: SETTINGS },
      },
      {
        path: 'subscriptions',
        screen: subsScreens.screen('SchoolPlansScreen'),
        menu: { label: msg`Subscriptions`, group: SETTINGS },
      },
      {
        path: 'payment-history',
        screen: schoolScreens.screen('SchoolPaymentsScreen'),
        menu: { label: msg`Payment History`, group: SETTINGS },
      },
      { path: 'profile', screen: schoolScreens.screen('SchoolProfileScreen'), menu: { label: msg`Profile`, group: SETTINGS } },
      { path: 'own-domain', screen: ownDomain.screen('OwnDomainScreen'), menu: { label: msg`Own domain`, group: SETTINGS } },
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
    title: msg`Organization Admin`,
    roles: ['organization_admin'],
    pages: [
      { path: 'dashboard', screen: organization.dashboard('organizationDashboard'), menu: { label: msg`Dashboard` } },
      { path: 'schools', screen: schoolScreens.screen('SchoolsScreen'), menu: { label: msg`Schools` } },
      // Where Schools' 'Invite a school' leads.
      { path: 'schools/invite', screen: schoolScreens.screen('InviteSchoolScreen') },
      { path: 'stories', screen: stories.list('organizationStories'), menu: { label: msg`Stories` } },
      { path: 'books', screen: books.list('organizationBooks'), menu: { label: msg`Books` } },
      { path: 'subscriptions', screen: subsScreens.screen('OrganizationPlansScreen'), menu: { label: msg`Plans`, group: SETTINGS } },
      {
        path: 'payment-history',
        screen: schoolScreens.screen('OrganizationPaymentsScreen'),
        menu: { label: msg`Payment History`, group: SETTINGS },
      },
      { path: 'profile', screen: schoolScreens.screen('OrganizationProfileScreen'), menu: { label: msg`Profile`, group: SETTINGS } },
      { path: 'user-dashboard', screen: organization.dashboard('organizationUserDashboard') },
    ],
    links: [logout(SETTINGS)],
  },
  panel: {
    base: '/admin-panel',
    title: msg`Platform Admin`,
    roles: ['upschool_admin'],
    pages: [
      { path: 'dashboard', screen: dashboards.dashboard('platformDashboard'), menu: { label: msg`Dashboard` } },
      { path: 'all-tenants', screen: tenants.list('allTenants'), menu: { label: msg`Tenants` } },
      { path: 'modes', screen: subsScreens.screen('ModesScreen'), menu: { label: msg`Modes` } },
      { path: 'all-users', screen: users.list('allUsers'), menu: { label: msg`Users` } },
      { path: 'all-charities', screen: charityScreens.screen('AllCharitiesScreen'), menu: { label: msg`Charities` } },
      { path: 'all-books', screen: bookScreens.screen('AllBooksScreen'), menu: { label: msg`Books` } },
      { path: 'orders', screen: panelScreens.screen('OrdersScreen'), menu: { label: msg`Orders` } },
      { path: 'payment-history', screen: orders.list('payments'), menu: { label: msg`Payment History` } },
      { path: 'faqs', screen: faqs.list('faqList'), menu: { label: msg`Help Articles`, group: CONTENT } },
      { path: 'pages', screen: contentScreens.screen('PanelPagesScreen'), menu: { label: msg`Pages`, group: CONTENT } },
      {
        path: 'form-submissions',
        screen: contentScreens.screen('FormSubmissionsScreen'),
        menu: { label: msg`Messages and Requests`, group: CONTENT },
      },
      {
        path: 'subscription-plan',
        screen: subsScreens.screen('PlansScreen'),
        menu: { label: msg`Subscription Plans`, group: SETTINGS },
      },
      { path: 'email-monitoring', screen: emails.list('emails'), menu: { label: msg`Email Monitoring`, group: SETTINGS } },
      {
        path: 'book-monitoring',
        screen: bookScreens.screen('BookMonitoringScreen'),
        menu: { label: msg`Book Monitoring`, group: SETTINGS },
      },
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
    title: msg`Dashboard`,
    // One page (its tabs are ?option=), made by the router. The tabs are the staff's; a child's
    // menu is their own writing and Sign out.
    pages: [],
    // The ?option= values are the tabs' addresses (their English names), not words on screen.
    /* eslint-disable lingui/no-unlocalized-strings */
    links: [
      {
        label: msg({ id: 'Teacher Dashboard', message: 'Teacher Dashboard' }),
        to: '/dashboard',
        search: { option: 'Teacher Dashboard' },
        roles: STAFF_ROLES,
      },
      { label: msg`Manage Classes`, to: '/dashboard', search: { option: 'Manage Classes' }, roles: STAFF_ROLES },
      { label: msg`Money I Have Raised`, to: '/dashboard', search: { option: 'Money I Have Raised' }, roles: STAFF_ROLES },
      /* eslint-enable lingui/no-unlocalized-strings */
      { ...logout(), roles: STAFF_ROLES },
      { label: msg`My writing`, to: '/dashboard', roles: ['student'] },
      { label: msg`Write a story`, to: '/uploadblogsteps', roles: ['student'] },
      { label: msg`Make a book`, to: '/uploadbook', roles: ['student'] },
      { label: msg`Library`, to: '/library', roles: ['student'] },
      { label: msg`Sign out`, to: '/logout', roles: ['student'] },
    ],
  },
} satisfies Record<string, Area>;
