// Where payments are tests (the built-in sandbox is on), every page says so, so nobody takes a
// test checkout for a real one. The server says which it is (current-tenant: payments.sandbox).
import { Trans } from '@lingui/react/macro';
import { useTenant } from '@/features/tenant/tenant';

export function TestPaymentsBanner() {
  return useTenant().payments?.sandbox ? (
    <p className="test-payments" role="note">
      <Trans>Test payments: no real money moves on this site.</Trans>
    </p>
  ) : null;
}
