// The guided tours of the dashboards, in the product's words. Each step points at a part of the
// areamsg`s shell that every dashboard has (menu, switcher, help) or at the screen`s main content.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '@/contract/domain';

export interface TourStepText {
  element?: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
}

export interface Tour {
  id: string;
  steps: TourStepText[];
}

const help: TourStepText = {
  element: '.help-button',
  title: msg`Help is always here`,
  description: msg`Open Help for answers written for your role, even offline. “Show me around” there plays this tour again.`,
};
const menu = (text: MessageDescriptor): TourStepText => ({ element: '#area-nav', title: msg`Your menu`, description: text });
const main = (title: MessageDescriptor, text: MessageDescriptor): TourStepText => ({ element: '#main', title, description: text });

export const TOURS = {
  teacher: {
    id: 'teacher-dashboard',
    steps: [
      main(
        msg`Your Teacher Dashboard`,
        msg`Your classes at a glance: open a class to add students, print login cards, and review, feature or pin your students’ stories.`,
      ),
      menu(msg`Manage Classes and Money I Have Raised are here. Everything you change works offline and is sent when you are back online.`),
      help,
    ],
  },
  student: {
    id: 'student-dashboard',
    steps: [
      main(
        msg`Your dashboard`,
        msg`Your stories live here. Start a new one, carry on with a draft, and see who has read what you published.`,
      ),
      menu(msg`Find the library and your stories here. Your work is saved on this tablet as you type, even without internet.`),
      help,
    ],
  },
  school: {
    id: 'school-admin-dashboard',
    steps: [
      main(
        msg`Your school at a glance`,
        msg`Classes, students, teachers and stories of your school. Open a class to add students or download its login cards.`,
      ),
      menu(
        msg`Manage classes, students, teachers, stories and books here. Under Charities you add your school’s causes: a charity can be edited only by its creator.`,
      ),
      {
        element: '.switcher',
        title: msg`Switch dashboard`,
        description: msg`Move between the Admin Dashboard and your Teacher Dashboard here.`,
      },
      help,
    ],
  },
  organization: {
    id: 'organization-dashboard',
    steps: [
      main(msg`Your organization`, msg`The schools linked to your organization, their stories and books, and your plans and payments.`),
      menu(msg`Schools, Stories and Books are here; Subscriptions and Profile are under Settings.`),
      {
        element: '.switcher',
        title: msg`Switch dashboard`,
        description: msg`Move between the Organization, Admin and Teacher dashboards here.`,
      },
      help,
    ],
  },
  panel: {
    id: 'platform-dashboard',
    steps: [
      main(
        msg`The platform`,
        msg`Every tenant, user, book, order and payment of the platform. Email and book monitoring show what needs a look.`,
      ),
      menu(msg`Tenants, modes, users, charities, books, orders and subscriptions are here. A charity can be edited only by its creator.`),
      help,
    ],
  },
} satisfies Record<string, Tour>;

/** The tour of the dashboard at `path` for this role, if that screen has one. */
export function tourFor(path: string, role: Role): Tour | null {
  const p = path.replace(/\/+$/, '');
  if (p === '/dashboard') return role === 'student' ? TOURS.student : TOURS.teacher;
  if (p === '/admin-school/dashboard') return TOURS.school;
  if (p === '/admin-organization/dashboard') return TOURS.organization;
  if (p === '/admin-panel/dashboard') return TOURS.panel;
  return null;
}
