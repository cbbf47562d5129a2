// The spec's user-facing words (SPEC.md sections 5 and 8), once, for the forms and the server.
// Plain strings only, so any screen can use them without loading a validation library.

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
  qrIncomplete: 'This QR code has no username or password. Please use your login card.',
  qrNotFound: 'No QR code found in this photo. Please try again with a clearer photo of the card.',
  cameraUnavailable: 'No camera is available. Upload a photo of your login card instead.',
  offline: 'You seem to be offline. Please check the connection and try again.',
  wrongCredentials: 'Invalid username or password.',
  otherSite: 'This account belongs to another school site. Please sign in there.',
  studentLocked: 'Too many wrong passwords for this account. Ask your teacher to unlock it, or try again in {minutes} minutes.',
  staffLocked: 'Too many failed sign-ins for this account. Please try again in {minutes} minutes or reset your password.',
  deviceLocked: 'Too many failed sign-ins on this device. Please try again in {minutes} minutes.',
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
