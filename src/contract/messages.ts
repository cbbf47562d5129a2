// The product's user-facing words (validation and error messages, word for word), once, for the
// forms and the server.
// Plain strings only, so any screen can use them without loading a validation library. One
// module per group of screens, all found here.

export { MSG } from './common-messages';

export { AUTH_MSG, withMinutes } from './auth-messages';
export { ROSTER_MSG, ROSTER_OWN_MSG } from './roster-messages';
export { ADMIN_MSG } from './admin-messages';
