// The product's user-facing words (validation and error messages, word for word), once, for the
// forms and the server. Plain strings only, so any screen can use them without loading a validation
// library.

export const MSG = {
  tokenExpired: 'Your token is expired, please relogin!',
  loginEmptyUsername: 'Please enter your email/username.',
  loginEmptyPassword: 'Please enter your password.',
  loginFailed: 'Login failed. Please check your credentials.',
  loginSuccess: 'Logged in successfully',
  emptyClassCode: 'Please enter a class code.',
  invalidClassCode: 'Invalid class code. Please check and try again.',
  emptyCommunityPassword: 'Please enter a password.',
  communityLoginFailed: 'Invalid password. Please try again.',
  communityLoginSuccess: 'Community login successful! Welcome back.',
  invalidQr: 'Invalid QR code format',
  modesEmpty: 'You need to log in to load the categories.',
  faqLoadFailed: 'Failed to load help content. Please try again later.',
  faqEmptyTitle: 'No Content Available',
  faqEmpty: 'There are no help articles available for the selected role.',
  /** Said only once a change is durably on the device (the sync engine sends it later). */
  savedOnDevice: 'Saved on this device; it will be sent when you are back online.',
  switchingDashboard: 'Switching Dashboard...',
  registrationFailed: 'Registration failed. Please check your inputs and try again.',
  registrationSuccess: 'Registration successful!',
  registrationThanks: 'Thank You for Registering',
} as const;

/**
 * Words of our own where the spec is silent (sign-in throttling, QR cards, password reset,
 * invitations). Kept beside the spec's so both the screens and the server say the same thing.
 */
export const AUTH_MSG = {
  awaitingVerification:
    'This school’s e-mail address is not confirmed yet. Open the link we sent to it, or ask for a new one on the verification page.',
  qrIncomplete: 'This QR code has no username or password. Please use your login card.',
  qrNotFound: 'No QR code found in this photo. Please try again with a clearer photo of the card.',
  cameraUnavailable: 'No camera is available. Upload a photo of your login card instead.',
  offline: 'You seem to be offline. Please check the connection and try again.',
  wrongCredentials: 'Invalid username or password.',
  otherSite: 'This account belongs to another school site. Please sign in there.',
  studentLocked: 'Too many wrong passwords for this account. Ask your teacher to unlock it, or try again in {minutes} minutes.',
  staffLocked: 'Too many failed sign-ins for this account. Please try again in {minutes} minutes or reset your password.',
  deviceLocked: 'Too many failed sign-ins on this device. Please try again in {minutes} minutes.',
  networkLocked: 'Too many failed sign-ins from this network. Please try again in {minutes} minutes.',
  siteLocked: 'Too many failed sign-ins at this school just now. Please try again in {minutes} minutes.',
  registrationTooMany: 'Too many registrations from this network. Please try again in {minutes} minutes.',
  registrationBusy: 'Too many registrations just now. Please try again in {minutes} minutes.',
  communityLocked: 'Too many wrong passwords. Please try again in {minutes} minutes.',
  resetRequested: 'If an account exists for this email, we have sent a link to reset your password.',
  resetTooMany: 'Too many reset requests for this email. Please try again in {minutes} minutes.',
  resetInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  resetDone: 'Your password has been changed. Please sign in.',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsDiffer: 'Passwords do not match',
  invitationInvalid: 'This invitation is invalid or has expired.',
  invitationOtherEmail: 'This invitation was sent to another email address.',
  invitationAccepted: 'Invitation accepted.',
  accountExists: 'An account with this email already exists. Please sign in.',
  subdomainTaken: 'This subdomain is already taken',
  unlocked: 'Sign-in unlocked.',
} as const;

/** Fills `{minutes}` in a throttling message. */
export function withMinutes(message: string, minutes: number): string {
  return message.replace('{minutes}', String(Math.max(1, Math.ceil(minutes))));
}

/** The roster screens' words: classes, students, CSV, pins, login cards. */
export const ROSTER_MSG = {
  firstNameRequired: 'Please enter first name',
  lastNameRequired: 'Please enter last name',
  newPasswordRequired: 'Please enter new password',
  privacyRequired: 'Please select privacy preference',
  studentUpdateFailed: 'Failed to update student',
  studentUpdated: 'Student updated successfully',
  studentMissing: 'Student data not available',
  privacySame: 'Invalid privacy preference transition.',
  privacyUpdated: 'Privacy preference updated successfully!',
  privacyFailed: 'Failed to update privacy preference.',
  addFailed: 'Failed to add students. Please try again.',
  added: 'Students added successfully!',
  addAtLeastOne: 'Please add at least one student',
  csvUploaded: 'CSV file uploaded successfully! All student accounts have been registered.',
  csvFailed: 'Failed to upload CSV file. Please check your file and try again.',
  csvNotCsv: 'Please upload a valid CSV file.',
  csvTooBig: 'File size exceeds 5MB limit.',
  pinFailed: 'Failed to update content pin status. Please try again.',
  pinned: 'Content pinned for {n} {unit}',
  unpinned: 'Content unpinned successfully!',
  classLoadFailed: 'Failed to fetch class data',
  filtersFailed: 'Failed to apply filters',
  emptyClass: 'There are currently no students in this class. Please add some students.',
  classCodeCopied: 'Class ID copied successfully.',
  classCodeCopyFailed: 'Failed to copy class ID.',
  qrMissingCredentials: 'Failed to generate QR code: Missing credentials',
  loginInfoFailed: 'Failed to download Login Info',
  classNotFound: 'Class not found',
} as const;

/**
 * Roster words of our own where the spec is silent (CSV columns, privacy warning, transfers).
 */
export const ROSTER_OWN_MSG = {
  csvColumns: 'The CSV file needs a first name and a last name column.',
  csvEmpty: 'The CSV file has no students in it.',
  privacyWarning: "Changing the privacy preference changes the visibility of all of this student's previous and future posts.",
  dateRange: 'The from date cannot be after the to date.',
  bulkNeedsRows: 'Please select at least one student.',
  bulkNeedsAction: 'Please choose an action and an option.',
  archived: 'Students archived.',
  transferred: 'Students transferred.',
  featured: 'Students featured.',
  unfeatured: 'Students unfeatured.',
  noSuchStudents: 'Some of these students are not in your classes.',
  noSuchContent: 'This content was not found on this site.',
  notSynced: 'Not yet synced',
} as const;

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
