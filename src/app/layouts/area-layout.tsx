// The shell of the signed-in areas (dashboard, school, organization and platform admin): a top
// bar with the dashboard switcher, a collapsible sidebar, the welcome dialog, and no public
// footer (SPEC.md section 2, Layout).
import { useState } from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import { useSessionUser } from '@/api/use-session';
import { useTenant } from '@/features/tenant/tenant';
import { MenuIcon } from '@/ui/icons';
import { useMediaQuery } from '@/ui/use-media-query';
import type { Area } from '../areas';
import { SyncStatus } from '@/features/sync-status/sync-status';
import { DashboardSwitcher } from './dashboard-switcher';
import { WelcomeDialog } from './welcome-dialog';

export function AreaLayout({ area }: { area: Area }) {
  const tenant = useTenant();
  const user = useSessionUser();
  // One button: on wide screens it collapses the sidebar, on narrow ones it opens it.
  const narrow = useMediaQuery('(max-width: 900px)');
  const [toggled, setToggled] = useState(false);
  const navVisible = narrow ? toggled : !toggled;
  const items = area.nav.filter((item) => !item.roles || (user && item.roles.includes(user.role)));
  const groups = [...new Set(items.map((i) => i.group ?? ''))];

  return (
    <div className={`area${toggled ? ' area-toggled' : ''}`}>
      <header className="area-bar">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <button
          type="button"
          className="icon-button"
          aria-label={navVisible ? 'Hide menu' : 'Show menu'}
          aria-expanded={navVisible}
          aria-controls="area-nav"
          onClick={() => setToggled((t) => !t)}
        >
          <MenuIcon />
        </button>
        <Link to="/" className="brand">
          <span className="brand-name">{tenant.school_name}</span>
        </Link>
        <span className="area-title">{area.title}</span>
        <SyncStatus />
        {user ? <DashboardSwitcher role={user.role} current={area.base} /> : null}
        {user ? (
          <span className="area-user">
            {user.first_name} {user.last_name}
          </span>
        ) : null}
      </header>
      {user ? <WelcomeDialog role={user.role} /> : null}
      <nav id="area-nav" className="area-nav" aria-label={`${area.title} menu`}>
        {groups.map((group) => (
          <div key={group || 'main'}>
            {group ? <p className="area-nav-group">{group}</p> : null}
            <ul>
              {items
                .filter((i) => (i.group ?? '') === group)
                .map((i) => (
                  <li key={i.label}>
                    <Link
                      onClick={() => narrow && setToggled(false)} to={i.to} search={i.search} activeOptions={{ includeSearch: Boolean(i.search) }} activeProps={{ 'aria-current': 'page', className: 'active' }}>
                      {i.label}
                    </Link>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>
      <main id="main" className="area-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
