// Where payments are tests (the built-in sandbox is on), every page says so, so nobody takes a
// test checkout for a real one. The server says which it is (current-tenant: payments.sandbox).
// Drawn with the first load's own translation hook, so it adds next to nothing to that load.
import { useLingui } from '@lingui/react/macro';
import { useTenant } from '@/features/tenant/tenant';

export function TestPaymentsBanner() {
  const { t } = useLingui();
  return useTenant().payments?.sandbox ? (
    <p className="test-payments" role="note">
      {t`Test payments: no real money moves on this site.`}
    </p>
  ) : null;
}
