// The public header: logo, the Switchboard pill with search, the
// cart with its count, Login or Dashboard, the offline indicator, and a slide-out menu (every
// width: it is how the public pages are reached) with the pages and the provider's own sites.
import { useState } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCommunityAccess, useSessionUser } from '@/api/use-session';
import { dashboardPathFor } from '@/contract/domain';
import { EXTERNAL_LINKS } from '@/contract/public-pages';
import { PLATFORM_NAME } from '@/contract/tenant-colors';
import { useCartCount } from '@/features/cart/use-cart-count';
import { useTenant } from '@/features/tenant/tenant';
import { Switchboard } from '@/features/search/switchboard';
import { SyncStatusSlot } from '@/features/sync-status/sync-status-slot';
import { useKnown } from '@/i18n/known';
import { CartIcon, CloseIcon, MenuIcon } from '@/ui/icons';
import { MENU_LINKS } from './links';

/** Every public page, grouped as a visitor looks for them. */
const MENU_GROUPS = [
  {
    title: msg`About us`,
    links: [
      { to: '/our-framework', label: msg`Our framework` },
      { to: '/our-team', label: msg`Our team` },
      { to: '/global-reach', label: msg`Global reach` },
      { to: '/testimonials', label: msg`Testimonials` },
      { to: '/acknowledgement', label: msg`Acknowledgement` },
    ],
  },
  {
    title: msg`Read, write and learn`,
    links: [
      { to: '/libraries', label: msg`School libraries` },
      { to: '/sdgs', label: msg`The Global Goals` },
      { to: '/challenges', label: msg`Writing challenges` },
      { to: '/dear-world-book', label: msg`Dear World Book` },
      { to: '/courses', label: msg`Courses` },
      { to: '/hubs', label: msg`Hubs` },
      { to: '/live', label: msg`Live sessions` },
      { to: '/impact-films', label: msg`Impact films` },
      { to: '/canva', label: msg`Canva designs` },
    ],
  },
  {
    title: msg`For schools`,
    links: [
      { to: '/request-a-tour', label: msg`Request a tour` },
      { to: '/bulk-enrolment', label: msg`Bulk enrolment` },
      { to: '/register/{-$token}', label: msg`Register your school` },
      { to: '/report-a-problem', label: msg`Report a problem` },
    ],
  },
] as const;

export function Header() {
  const tenant = useTenant();
  const user = useSessionUser();
  const community = useCommunityAccess();
  const here = useLocation({ select: (l) => l.href });
  const cartCount = useCartCount();
  const [menuOpen, setMenuOpen] = useState(false);
  const { t } = useLingui();
  const known = useKnown();
  const school = tenant.school_name;
  // Whoever is signed in finds the way out in the menu too (a child on a shared tablet above all).
  const signOut = user ? [{ to: '/logout', label: user.role === 'student' ? msg`Sign out` : msg`Logout` } as const] : [];
  // Signed in: the role's dashboard. A parent in the community: its own logout. Otherwise the
  // sign-in page, which brings the visitor back here afterwards.
  const account = user
    ? { to: dashboardPathFor(user.role), label: msg`Dashboard` }
    : community
      ? { to: '/logout', label: msg`Logout` }
      : { to: '/login', label: msg`Login`, search: here === '/' || here.startsWith('/login') ? {} : { redirect: here } };

  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {t`Skip to content`}
      </a>
      <div className="site-header-inner">
        <Link to="/" className="brand" aria-label={t`${school} home`}>
          {tenant.logo ? <img src={tenant.logo} alt="" className="brand-logo" /> : null}
          <span className="brand-name">{tenant.school_name}</span>
        </Link>
        {tenant.switchboard ? <Switchboard /> : null}
        <nav className="header-actions" aria-label={t`Account`}>
          <SyncStatusSlot />
          <Link to="/cart" className="cart-link" aria-label={t`Cart, ${plural(cartCount, { one: '# item', other: '# items' })}`}>
            <CartIcon />
            {cartCount > 0 ? (
              <span className="badge" aria-hidden="true">
                {cartCount}
              </span>
            ) : null}
          </Link>
          <Link to={account.to} search={'search' in account ? account.search : undefined} className="button button-small header-account">
            {t(account.label)}
          </Link>
          <button
            type="button"
            className="icon-button menu-button"
            aria-label={t`Open menu`}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
        </nav>
      </div>
      <div id="mobile-menu" className={`mobile-menu${menuOpen ? ' open' : ''}`} hidden={!menuOpen}>
        <button type="button" className="icon-button" aria-label={t`Close menu`} onClick={() => setMenuOpen(false)}>
          <CloseIcon />
        </button>
        <nav aria-label={t`Menu`}>
          <ul>
            {[...MENU_LINKS, account, ...signOut].map((l) => (
              <li key={l.to}>
                <Link to={l.to} search={'search' in l ? l.search : undefined} onClick={() => setMenuOpen(false)}>
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
          {MENU_GROUPS.map((group) => (
            <div key={group.title.id} className="menu-group">
              <h2>{t(group.title)}</h2>
              <ul>
                {group.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} onClick={() => setMenuOpen(false)}>
                      {t(l.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="menu-group">
            <h2>{PLATFORM_NAME}</h2>
            <ul>
              {EXTERNAL_LINKS.map((l) => (
                <li key={l.href}>
                  {/* The provider's own sites: outside the app, in a new tab. */}
                  <a href={l.href} target="_blank" rel="noopener noreferrer">
                    {known(l.label)} <span className="visually-hidden">{t`(opens in a new tab)`}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
    </header>
  );
}
