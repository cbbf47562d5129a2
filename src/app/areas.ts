// The signed-in areas of SPEC.md section 2: who may enter each (section 6) and its sidebar.
import { STAFF_ROLES, type Role } from '@/contract/domain';

export interface NavItem {
  label: string;
  to: string;
  search?: Record<string, string>;
  /** Only these roles see the entry (e.g. Organizations, school admins only). */
  roles?: readonly Role[];
  group?: string;
}

export interface Area {
  base: string;
  title: string;
  /** Roles allowed in; undefined: any signed-in user. */
  roles?: readonly Role[];
  nav: NavItem[];
}

export const AREAS = {
  school: {
    base: '/admin-school',
    title: 'School Admin',
    roles: ['school_admin', 'organization_admin'],
    nav: [
      { label: 'Dashboard', to: '/admin-school/dashboard' },
      { label: 'Classes', to: '/admin-school/classes' },
      { label: 'Students', to: '/admin-school/students' },
      { label: 'Teachers', to: '/admin-school/teachers' },
      { label: 'Stories', to: '/admin-school/stories' },
      { label: 'Books', to: '/admin-school/books' },
      { label: 'Organizations', to: '/admin-school/organizations', roles: ['school_admin'] },
      { label: 'Charities', to: '/admin-school/charities' },
      { label: 'Donations', to: '/admin-school/donations' },
      { label: 'Pages', to: '/admin-school/pages', roles: ['school_admin'], group: 'Settings' },
      { label: 'Subscriptions', to: '/admin-school/subscriptions', group: 'Settings' },
      { label: 'Payment History', to: '/admin-school/payment-history', group: 'Settings' },
      { label: 'Profile', to: '/admin-school/profile', group: 'Settings' },
      { label: 'Logout', to: '/logout', group: 'Settings' },
    ],
  },
  organization: {
    base: '/admin-organization',
    title: 'Organization Admin',
    roles: ['organization_admin'],
    nav: [
      { label: 'Dashboard', to: '/admin-organization/dashboard' },
      { label: 'Schools', to: '/admin-organization/schools' },
      { label: 'Stories', to: '/admin-organization/stories' },
      { label: 'Books', to: '/admin-organization/books' },
      { label: 'Plans', to: '/admin-organization/subscriptions', group: 'Settings' },
      { label: 'Payment History', to: '/admin-organization/payment-history', group: 'Settings' },
      { label: 'Profile', to: '/admin-organization/profile', group: 'Settings' },
      { label: 'Logout', to: '/logout', group: 'Settings' },
    ],
  },
  panel: {
    base: '/admin-panel',
    title: 'Platform Admin',
    roles: ['upschool_admin'],
    nav: [
      { label: 'Dashboard', to: '/admin-panel/dashboard' },
      { label: 'Tenants', to: '/admin-panel/all-tenants' },
      { label: 'Modes', to: '/admin-panel/modes' },
      { label: 'Users', to: '/admin-panel/all-users' },
      { label: 'Charities', to: '/admin-panel/all-charities' },
      { label: 'Books', to: '/admin-panel/all-books' },
      { label: 'Orders', to: '/admin-panel/orders' },
      { label: 'Payment History', to: '/admin-panel/payment-history' },
      { label: 'Help Articles', to: '/admin-panel/faqs', group: 'Content' },
      { label: 'Pages', to: '/admin-panel/pages', group: 'Content' },
      { label: 'Messages and Requests', to: '/admin-panel/form-submissions', group: 'Content' },
      { label: 'Subscription Plans', to: '/admin-panel/subscription-plan', group: 'Settings' },
      { label: 'Email Monitoring', to: '/admin-panel/email-monitoring', group: 'Settings' },
      { label: 'Book Monitoring', to: '/admin-panel/book-monitoring', group: 'Settings' },
      { label: 'Logout', to: '/logout', group: 'Settings' },
    ],
  },
  dashboard: {
    base: '/dashboard',
    title: 'Dashboard',
    // The spec's tabs are the staff's; a child's menu is their own writing and Sign out.
    nav: [
      { label: 'Teacher Dashboard', to: '/dashboard', search: { option: 'Teacher Dashboard' }, roles: STAFF_ROLES },
      { label: 'Manage Classes', to: '/dashboard', search: { option: 'Manage Classes' }, roles: STAFF_ROLES },
      { label: 'Money I Have Raised', to: '/dashboard', search: { option: 'Money I Have Raised' }, roles: STAFF_ROLES },
      { label: 'Logout', to: '/logout', roles: STAFF_ROLES },
      { label: 'My writing', to: '/dashboard', roles: ['student'] },
      { label: 'Write a story', to: '/uploadblogsteps', roles: ['student'] },
      { label: 'Make a book', to: '/uploadbook', roles: ['student'] },
      { label: 'Library', to: '/library', roles: ['student'] },
      { label: 'Sign out', to: '/logout', roles: ['student'] },
    ],
  },
} satisfies Record<string, Area>;
