// /logout: signs out on this device and on the server, then opens the sign-in page (a kiosk's
// class names again, so the next child can sign in at once).
import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { StatusCard } from './auth-ui';
import { kiosk } from './redirect-target';
import { signOutOnce } from './sign-out';

export function LogoutPage() {
  const navigate = useNavigate();
  const { t } = useLingui();
  useEffect(() => {
    let live = true;
    void signOutOnce().then(() => {
      if (live) void navigate({ href: kiosk.loginPath(), replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate]);
  return (
    <StatusCard title={t`Signing out`}>
      <Trans>Signing out…</Trans>
    </StatusCard>
  );
}
