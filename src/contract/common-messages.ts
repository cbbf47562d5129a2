// The spec's general words: sign-in, session, help, registration,
// and what any page may say (saved on this device, switching dashboard). Plain strings only, so
// any screen can use them without loading a validation library. The pages' first load imports
// this module itself (its neighbours are for later screens); everyone else finds it in ./messages.
// Each string is marked for the catalogues (its English text is its id): the screens show it in
// the page's language (src/i18n/known.ts).

export const MSG = {
  tokenExpired: /*i18n*/ 'Your token is expired, please relogin!',
  loginEmptyUsername: /*i18n*/ 'Please enter your email/username.',
  loginEmptyPassword: /*i18n*/ 'Please enter your password.',
  loginFailed: /*i18n*/ 'Login failed. Please check your credentials.',
  loginSuccess: /*i18n*/ 'Logged in successfully',
  emptyClassCode: /*i18n*/ 'Please enter a class code.',
  invalidClassCode: /*i18n*/ 'Invalid class code. Please check and try again.',
  emptyCommunityPassword: /*i18n*/ 'Please enter a password.',
  communityLoginFailed: /*i18n*/ 'Invalid password. Please try again.',
  communityLoginSuccess: /*i18n*/ 'Community login successful! Welcome back.',
  invalidQr: /*i18n*/ 'Invalid QR code format',
  modesEmpty: /*i18n*/ 'You need to log in to load the categories.',
  faqLoadFailed: /*i18n*/ 'Failed to load help content. Please try again later.',
  faqEmptyTitle: /*i18n*/ 'No Content Available',
  faqEmpty: /*i18n*/ 'There are no help articles available for the selected role.',
  /** Said only once a change is durably on the device (the sync engine sends it later). */
  savedOnDevice: /*i18n*/ 'Saved on this device; it will be sent when you are back online.',
  switchingDashboard: /*i18n*/ 'Switching Dashboard...',
  registrationFailed: /*i18n*/ 'Registration failed. Please check your inputs and try again.',
  registrationSuccess: /*i18n*/ 'Registration successful!',
  registrationThanks: /*i18n*/ 'Thank You for Registering',
} as const;
