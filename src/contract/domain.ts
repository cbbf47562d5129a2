// The product's enumerations (roles, privacy, statuses, ...) and role rules, shared by the PWA and
// the server. Plain constants only: this module is on the first load, so it must not pull in zod.

export const ROLES = ['teacher', 'upschool_admin', 'school_admin', 'teacher_admin', 'organization_admin', 'student'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = ROLES.filter((r) => r !== 'student');

export const PRIVACY_PREFERENCES = ['public', 'private', 'community'] as const;
export type PrivacyPreference = (typeof PRIVACY_PREFERENCES)[number];

/**
 * A story's life: the child writes a draft and submits it; where the class needs review, a
 * teacher approves it (published) or sends it back with a comment (returned, which the child
 * edits and submits again). Without review, submitting publishes.
 */
export const STORY_STATUSES = ['draft', 'submitted', 'returned', 'published'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

/**
 * A book's life. Seeded and admin-entered catalogue books are 'published' from the start. A book
 * a class makes (in the editor) or uploads (a PDF or page images) is a 'draft' until the teacher
 * submits it; the school admin (or the teacher, where the school allows) publishes it to the
 * library, keeps it 'class' (private to the class), or later archives it.
 */
export const BOOK_STATUSES = ['draft', 'submitted', 'published', 'class', 'archived'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

/** Where a book comes from: the catalogue, made page by page in the editor, or uploaded finished. */
export const BOOK_KINDS = ['catalogue', 'made', 'uploaded'] as const;
export type BookKind = (typeof BOOK_KINDS)[number];

/** The reactions a reader may leave on a story: a small fixed set, no free text. */
export const REACTIONS = ['heart', 'star', 'laugh', 'wow', 'clap'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** How each reaction shows (the reading page's buttons, drawn by the server too). */
export const REACTION_LABELS: Record<Reaction, { emoji: string; name: string }> = {
  heart: { emoji: '❤️', name: /*i18n*/ 'Love it' },
  star: { emoji: '⭐', name: /*i18n*/ 'Star' },
  laugh: { emoji: '😂', name: /*i18n*/ 'Funny' },
  wow: { emoji: '😮', name: /*i18n*/ 'Wow' },
  clap: { emoji: '👏', name: /*i18n*/ 'Well done' },
};

/** The 17 UN Sustainable Development Goals a story or book may carry (numbered 1 to 17). */
export const SDG_COUNT = 17;

export const CHARITY_STATUSES = ['published', 'draft', 'archived'] as const;
export type CharityStatus = (typeof CHARITY_STATUSES)[number];

export const ORDER_STATUSES = ['success', 'failed', 'cancelled', 'pending'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PRINT_STATUSES = ['open', 'paid', 'queued_for_processing'] as const;
export type PrintStatus = (typeof PRINT_STATUSES)[number];
/**
 * Where a printed copy is, in order. The spec names the print provider's first three statuses
 * (its peecho_status filter); a copy goes on from there, so two later states are added after
 * them, never between: 'printed' (off the press) and 'shipped' (handed to the carrier). Each
 * step is reached only from the one before it (server/domains/commerce/print-jobs.ts).
 */
export const PRINT_PROGRESS = [...PRINT_STATUSES, 'printed', 'shipped'] as const;
export type PrintProgress = (typeof PRINT_PROGRESS)[number];

export const PAYMENT_PROVIDERS = ['paypal', 'phonepe', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** What an order pays for: books, a donation, or a subscription's charge. */
export const ORDER_KINDS = ['books', 'donation', 'subscription'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const SUBSCRIPTION_INTERVALS = ['month', 'year'] as const;
export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number];
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'past_due', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The FAQ role whose articles the public sees. */
export const PUBLIC_FAQ_ROLE = 'platform_success';

/** Where each role's "Dashboard" link goes: its admin area, or /dashboard for everyone else. */
export function dashboardPathFor(role: Role): string {
  switch (role) {
    case 'school_admin':
      return '/admin-school';
    case 'upschool_admin':
      return '/admin-panel';
    case 'organization_admin':
      return '/admin-organization';
    default:
      return '/dashboard';
  }
}

export interface DashboardOption {
  label: 'Organization Dashboard' | 'Teacher Dashboard' | 'Admin Dashboard';
  to: string;
  search?: Record<string, string>;
}

/** The dashboard switcher's choices for a role, in the order the product shows them. */
export function dashboardOptionsFor(role: Role): DashboardOption[] {
  const options: DashboardOption[] = [];
  if (role === 'organization_admin') options.push({ label: /*i18n*/ 'Organization Dashboard', to: '/admin-organization' });
  if (role === 'school_admin' || role === 'organization_admin' || role === 'teacher') {
    options.push({ label: /*i18n*/ 'Teacher Dashboard', to: '/dashboard', search: { option: 'Teacher Dashboard' } });
  }
  if (role === 'school_admin' || role === 'organization_admin') options.push({ label: /*i18n*/ 'Admin Dashboard', to: '/admin-school' });
  return options;
}

/** The switcher waits this long (about a second) on 'Switching Dashboard...' before it navigates. */
export const DASHBOARD_SWITCH_MS = 1000;
