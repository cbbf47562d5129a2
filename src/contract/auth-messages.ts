// The sign-in, registration and password screens' words where the spec is silent (sign-in
// throttling, QR cards, password reset, invitations), for the screens and the server alike.
// Re-exported by ./messages, where the server and most screens find them. Each string is marked
// for the catalogues (its English text is its id): the screens show it in the page's language.

/**
 * Words of our own where the spec is silent (sign-in throttling, QR cards, password reset,
 * invitations). Kept beside the spec's so both the screens and the server say the same thing.
 */
export const AUTH_MSG = {
  awaitingVerification:
    /*i18n*/ 'This school’s e-mail address is not confirmed yet. Open the link we sent to it, or ask for a new one on the verification page.',
  qrIncomplete: /*i18n*/ 'This QR code has no username or password. Please use your login card.',
  qrNotFound: /*i18n*/ 'No QR code found in this photo. Please try again with a clearer photo of the card.',
  cameraUnavailable: /*i18n*/ 'No camera is available. Upload a photo of your login card instead.',
  offline: /*i18n*/ 'You seem to be offline. Please check the connection and try again.',
  wrongCredentials: /*i18n*/ 'Invalid username or password.',
  otherSite: /*i18n*/ 'This account belongs to another school site. Please sign in there.',
  studentLocked: /*i18n*/ 'Too many wrong passwords for this account. Ask your teacher to unlock it, or try again in {minutes} minutes.',
  staffLocked: /*i18n*/ 'Too many failed sign-ins for this account. Please try again in {minutes} minutes or reset your password.',
  deviceLocked: /*i18n*/ 'Too many failed sign-ins on this device. Please try again in {minutes} minutes.',
  networkLocked: /*i18n*/ 'Too many failed sign-ins from this network. Please try again in {minutes} minutes.',
  siteLocked: /*i18n*/ 'Too many failed sign-ins at this school just now. Please try again in {minutes} minutes.',
  registrationTooMany: /*i18n*/ 'Too many registrations from this network. Please try again in {minutes} minutes.',
  registrationBusy: /*i18n*/ 'Too many registrations just now. Please try again in {minutes} minutes.',
  communityLocked: /*i18n*/ 'Too many wrong passwords. Please try again in {minutes} minutes.',
  resetRequested: /*i18n*/ 'If an account exists for this email, we have sent a link to reset your password.',
  resetTooMany: /*i18n*/ 'Too many reset requests for this email. Please try again in {minutes} minutes.',
  resetInvalid: /*i18n*/ 'This link is invalid or has expired. Please ask for a new one.',
  resetDone: /*i18n*/ 'Your password has been changed. Please sign in.',
  passwordTooShort: /*i18n*/ 'Password must be at least 8 characters',
  passwordsDiffer: /*i18n*/ 'Passwords do not match',
  invitationInvalid: /*i18n*/ 'This invitation is invalid or has expired.',
  invitationOtherEmail: /*i18n*/ 'This invitation was sent to another email address.',
  invitationAccepted: /*i18n*/ 'Invitation accepted.',
  accountExists: /*i18n*/ 'An account with this email already exists. Please sign in.',
  subdomainTaken: /*i18n*/ 'This subdomain is already taken',
  unlocked: /*i18n*/ 'Sign-in unlocked.',
} as const;

/** Fills `{minutes}` in a throttling message. */
export function withMinutes(message: string, minutes: number): string {
  return message.replace('{minutes}', String(Math.max(1, Math.ceil(minutes))));
}
