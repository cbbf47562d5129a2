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
} as const;
