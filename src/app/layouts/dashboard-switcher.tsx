// The dashboard switcher of the signed-in areas: the roles with more
// than one dashboard pick another, see 'Switching Dashboard...' for about a second, then go.
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { DASHBOARD_SWITCH_MS, dashboardOptionsFor, type DashboardOption, type Role } from '@/contract/domain';
import { MSG } from '@/contract/messages';
import { useKnown } from '@/i18n/known';

export function DashboardSwitcher({ role, current }: { role: Role; current: string }) {
  const options = dashboardOptionsFor(role);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [switching, setSwitching] = useState<DashboardOption | null>(null);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const known = useKnown();

  useEffect(() => {
    if (!switching) return;
    const timer = setTimeout(() => {
      setSwitching(null);
      void navigate({ to: switching.to, search: switching.search });
    }, DASHBOARD_SWITCH_MS);
    return () => clearTimeout(timer);
  }, [switching, navigate]);

  if (options.length < 2) return null;
  const choose = (option: DashboardOption) => {
    setOpen(false);
    if (option.to !== current) setSwitching(option);
  };
  return (
    <div
      className="switcher"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="switcher-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <Trans>Switch dashboard</Trans>
      </button>
      {open ? (
        <ul id={listId} className="switcher-menu">
          {options.map((option) => (
            <li key={option.label}>
              <button type="button" aria-current={option.to === current ? 'page' : undefined} onClick={() => choose(option)}>
                {known(option.label)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {switching ? (
        <div className="switch-overlay" role="status" aria-live="assertive">
          <span className="switch-spinner" aria-hidden="true" />
          {known(MSG.switchingDashboard)}
        </div>
      ) : null}
    </div>
  );
}
