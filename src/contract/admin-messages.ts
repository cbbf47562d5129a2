// The admin areas' words, for the screens and the server alike. Re-exported by ./messages.
import { ROSTER_OWN_MSG } from './roster-messages';

/**
 * The admin areas' words: the user and tenant forms (the tenant form
 * shares the user form's success and failure messages, as the spec says), and ours where the
 * spec is silent (bulk rows, deactivation, network-only writes).
 */
export const ADMIN_MSG = {
  userAdded: 'User added successfully!',
  userUpdated: 'User updated successfully!',
  saveFailed: 'Error saving user. Please try again.',
  invalidEmail: 'Invalid email',
  emailRequired: 'Email is required',
  primaryColorRequired: 'Primary color is required',
  dateRange: ROSTER_OWN_MSG.dateRange,
  bulkNeedsAction: ROSTER_OWN_MSG.bulkNeedsAction,
  bulkNeedsRows: 'Please select at least one row.',
  bulkDone: 'Done: the change was applied to the selected rows.',
  needsNetwork: 'This needs the network: the server must check it before it is saved. Please connect to the internet and try again.',
  queued: 'Saved on this device; it will be sent when you are back online.',
  offlineCopy: 'You are offline: this is the last page seen on this device.',
  noRows: 'Nothing matches these filters.',
  notFound: 'Not found.',
  emailTaken: 'An account with this email already exists.',
  deactivated: 'User deactivated.',
  reactivated: 'User reactivated.',
  tenantHasUsers: 'This tenant still has users, so it cannot be deleted. Deactivate its users first.',
  exportFailed: 'The export failed. Please try again.',
} as const;
