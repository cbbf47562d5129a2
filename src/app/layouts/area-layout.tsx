// The shell of the signed-in areas (dashboard, school, organization and platform admin): a top
// bar with the dashboard switcher and the Help drawer, a collapsible sidebar, the welcome dialog,
// and no public footer (the footer is the public pages' only).
import { Suspense, lazy, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSessionUser } from '@/api/use-session';
import { useTenant } from '@/features/tenant/tenant';
import { kiosk } from '@/features/auth/redirect-target';
import { LanguagePicker } from '@/ui/language-picker';
import { useKeptLanguage } from './keep-language';
import { MenuIcon } from '@/ui/icons';
import { useMediaQuery } from '@/ui/use-media-query';
import { menuOf, type Area } from '../areas';
import { SyncStatusSlot } from '@/features/sync-status/sync-status-slot';
import { DashboardSwitcher } from './dashboard-switcher';
import { useTour } from '@/features/tours/use-tour';
import { WelcomeDialog, welcomePending } from './welcome-dialog';

// Loaded when first opened: the areas' first screen does not carry the Help Center.
const HelpDrawer = lazy(() => import('@/features/help/help-drawer').then((m) => ({ default: m.HelpDrawer })));

export function AreaLayout({ area }: { area: Area }) {
  const tenant = useTenant();
  const user = useSessionUser();
  // One button: on wide screens it collapses the sidebar, on narrow ones it opens it.
  const narrow = useMediaQuery('(max-width: 900px)');
  const [toggled, setToggled] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const path = useLocation({ select: (l) => l.pathname });
  const [welcomeDone, setWelcomeDone] = useState(() => !user || !welcomePending(user.role));
  // A first-time user of a dashboard gets its tour, once the welcome dialog is out of the way.
  const tour = useTour(path, user, welcomeDone);
  useKeptLanguage(user);
  const helpButton = useRef<HTMLButtonElement>(null);
  // The drawer leaves the page when closed; focus goes back to where it was opened from.
  const closeHelp = () => {
    setHelpOpen(false);
    // After the modal has gone: while it is open the rest of the page cannot take focus.
    setTimeout(() => helpButton.current?.focus(), 0);
  };
  const navVisible = narrow ? toggled : !toggled;
  const items = menuOf(area).filter((item) => !item.roles || (user && item.roles.includes(user.role)));
  const groups = [...new Set(items.map((i) => i.group ?? ''))];
  const { t, i18n } = useLingui();
  // The areas' names and menus (src/app/areas.ts) are messages of the catalogues.
  const title = i18n._(area.title);

  return (
    <div className={`area${toggled ? ' area-toggled' : ''}`}>
      <header className="area-bar">
        <a href="#main" className="skip-link">
          <Trans>Skip to content</Trans>
        </a>
        <button
          type="button"
          className="icon-button"
          aria-label={navVisible ? t`Hide menu` : t`Show menu`}
          aria-expanded={navVisible}
          aria-controls="area-nav"
          onClick={() => setToggled((t) => !t)}
        >
          <MenuIcon />
        </button>
        <Link to="/" className="brand">
          <span className="brand-name">{tenant.school_name}</span>
        </Link>
        <span className="area-title">{title}</span>
        <SyncStatusSlot />
        <button
          ref={helpButton}
          type="button"
          className="button button-small button-secondary help-button"
          aria-haspopup="dialog"
          aria-label={t`Help`}
          onClick={() => setHelpOpen(true)}
        >
          <span aria-hidden="true">?</span>
          <span className="help-label" aria-hidden="true">
            {' '}
            <Trans>Help</Trans>
          </span>
        </button>
        {user ? <DashboardSwitcher role={user.role} current={area.base} /> : null}
        {user ? (
          <span className="area-user">
            {user.first_name} {user.last_name}
          </span>
        ) : null}
        {/* A child on a shared tablet: Sign out one tap away at every width (the menu folds away on tablets). */}
        {user?.role === 'student' ? (
          <Link to="/logout" className="button button-small button-secondary area-sign-out">
            {/* On a class's kiosk or tablet, handing over: back to the class's names for the next child. */}
            {kiosk.active() ? <Trans>I’m finished</Trans> : <Trans>Sign out</Trans>}
          </Link>
        ) : null}
      </header>
      {user ? <WelcomeDialog role={user.role} onDismissed={() => setWelcomeDone(true)} /> : null}
      {helpOpen ? (
        <Suspense fallback={null}>
          <HelpDrawer role={user?.role ?? 'platform_success'} onClose={closeHelp} onShowMeAround={tour.replay} />
        </Suspense>
      ) : null}
      <nav id="area-nav" className="area-nav" aria-label={t`${title} menu`}>
        {groups.map((group) => (
          <div key={group ? group.id : 'main'}>
            {group ? <p className="area-nav-group">{i18n._(group)}</p> : null}
            <ul>
              {items
                .filter((i) => (i.group ?? '') === group)
                .map((i) => (
                  <li key={i.label.id}>
                    <Link
                      onClick={() => narrow && setToggled(false)}
                      to={i.to}
                      search={i.search}
                      activeOptions={{ includeSearch: Boolean(i.search) }}
                      activeProps={{ 'aria-current': 'page', className: 'active' }}
                    >
                      {i18n._(i.label)}
                    </Link>
                  </li>
                ))}
            </ul>
          </div>
        ))}
        {/* In the menu rather than the top bar, which has no room for it on a phone. */}
        <LanguagePicker />
      </nav>
      <main id="main" className="area-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
