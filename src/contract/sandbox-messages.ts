// The words of the built-in payment sandbox's page (development and demos only: never reachable
// in production), written by the server in the buyer's language (server/domains/commerce/payment-routes.ts).
export const SANDBOX_MSG = {
  title: /*i18n*/ '{provider} sandbox payment',
  heading: /*i18n*/ '{provider} (sandbox)',
  note: /*i18n*/ 'This is a test payment page: no real money moves.',
  amount: /*i18n*/ 'Amount: {amount}',
  approve: /*i18n*/ 'Approve payment',
  approveRenewalsDecline: /*i18n*/ 'Approve (test card: later renewals are declined)',
  decline: /*i18n*/ 'Decline payment',
  cancel: /*i18n*/ 'Cancel payment',
};
