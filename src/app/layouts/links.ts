// The header menu's and the footer's links, shared by the layouts and the build's prerendered
// shell (build/prerender-plugin.ts), so both draw the same page.

export const MENU_LINKS = [
  { to: '/library', label: 'Library' },
  { to: '/charities', label: 'Charities' },
  { to: '/faq', label: 'Help' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;

export const FOOTER_LINKS = [
  { to: '/terms-of-use', label: 'Terms of Use' },
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/contact', label: 'Contact' },
] as const;
