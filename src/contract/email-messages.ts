// The e-mails' words (issue 26). The server writes each e-mail in its recipient's language
// (server/domains/mail/language.ts) from these messages, one sentence or paragraph each, with
// named placeholders ({name}) that it fills in; links and what people typed go between them as
// they are. Marked for the catalogues: the English text is the id the .po files translate.

export const EMAIL_MSG = {
  hello: /*i18n*/ 'Hello {name},',
  helloAll: /*i18n*/ 'Hello,',

  resetSubject: /*i18n*/ 'Reset your password',
  resetAsked: /*i18n*/ 'Someone asked to reset the password of your account. To choose a new password, open this link within an hour:',
  resetNotYou: /*i18n*/ 'If it was not you, ignore this e-mail: your password stays as it is.',

  welcomeSubject: /*i18n*/ 'Your StoryNest account',
  welcomeSubjectAt: /*i18n*/ 'Your StoryNest account at {school}',
  welcomeMade: /*i18n*/ 'An account was made for you on StoryNest. Your site:',
  welcomeLink: /*i18n*/ 'To choose your password and sign in, open this link within 7 days:',

  inviteSubject: /*i18n*/ 'You are invited to {inviter}',
  invite: /*i18n*/ '{inviter} invites you to join them on StoryNest. To accept, open this link within 7 days:',

  renewalSubject: /*i18n*/ '{school}: your subscription renewal is due',
  renewalEnded: /*i18n*/ 'The subscription of {school} has come to the end of its period.',
  renewalMonthly: /*i18n*/ '{plan} — monthly, {seats} seats ({from} to {to}): {amount}',
  renewalYearly: /*i18n*/ '{plan} — yearly, {seats} seats ({from} to {to}): {amount}',
  renewalPay: /*i18n*/ 'To renew it, pay here:',
  renewalGrace: /*i18n*/ 'Until {day} everything stays open; after that day, if it is not paid, the subscription ends.',

  verifySubject: /*i18n*/ 'Confirm your e-mail address for {school}',
  verifyThanks: /*i18n*/ 'Thank you for registering {school}. Your site:',
  verifyLink: /*i18n*/ 'To confirm this address and choose your password, open this link before {deadline}:',
  verifyLapse:
    /*i18n*/ 'Until then nobody can sign in to the site. A registration that is not confirmed within {days} days lapses: it is removed, and its address ({subdomain}) is free for others again.',

  ownerSubject: /*i18n*/ 'Someone asked to register {school} with your e-mail address',
  ownerAsked:
    /*i18n*/ 'Someone, perhaps you, asked to register {school} with this e-mail address. This address already has an account, so no school was registered with it.',
  ownerSignIn: /*i18n*/ 'To sign in to your account:',
  ownerForgot: /*i18n*/ 'If you have forgotten your password:',
  ownerNotYou:
    /*i18n*/ 'To register a new school, use another e-mail address. If this was not you, you can ignore this e-mail: nothing has changed in your account.',

  reportReplySubject: /*i18n*/ 'About your report: {title}',
  reportReplyThanks: /*i18n*/ 'Thank you for telling us about "{title}".',

  formReplyTo: /*i18n*/ 'Reply to: {name} <{email}>',
  formStudents: /*i18n*/ 'students: {students} in {classes} classes (review it in the admin panel)',
} as const;

/** A form's e-mail to the office: its subject and first line, per kind of form. */
export const FORM_EMAIL = {
  contact: { subject: /*i18n*/ 'Message from {name} ({site})', sent: /*i18n*/ 'Message sent on {site}:' },
  report: { subject: /*i18n*/ 'Problem report from {name} ({site})', sent: /*i18n*/ 'Problem report sent on {site}:' },
  tour: { subject: /*i18n*/ 'Tour request from {name} ({site})', sent: /*i18n*/ 'Tour request sent on {site}:' },
  bulk_enrolment: { subject: /*i18n*/ 'Bulk enrolment from {name} ({site})', sent: /*i18n*/ 'Bulk enrolment sent on {site}:' },
} as const;

/** A form's field as the office's e-mail lists it, one line each (a field not named here: its key). */
export const FORM_EMAIL_FIELDS: Readonly<Record<string, string>> = {
  topic: /*i18n*/ 'topic: {value}',
  message: /*i18n*/ 'message: {value}',
  item_type: /*i18n*/ 'item type: {value}',
  item_id: /*i18n*/ 'item id: {value}',
  reason: /*i18n*/ 'reason: {value}',
  details: /*i18n*/ 'details: {value}',
  school_name: /*i18n*/ 'school name: {value}',
  role: /*i18n*/ 'role: {value}',
  students: /*i18n*/ 'students: {value}',
  preferred_time: /*i18n*/ 'preferred time: {value}',
  file_name: /*i18n*/ 'file name: {value}',
};
