// The header menu's and the footer's links, shared by the layouts and the build's prerendered
// shell (build/prerender-plugin.ts, which reads the English words through build/lingui.ts), so
// both draw the same page. Labels are messages (msg): the layouts show them in the page's language.
import { msg } from '@lingui/core/macro';

export const MENU_LINKS = [
  { to: '/library', label: msg`Library` },
  { to: '/charities', label: msg`Charities` },
  { to: '/faq', label: msg`Help` },
  { to: '/about', label: msg`About` },
  { to: '/contact', label: msg`Contact` },
] as const;

export const FOOTER_LINKS = [
  { to: '/terms-of-use', label: msg`Terms of Use` },
  { to: '/refund-policy', label: msg`Refund Policy` },
  { to: '/privacy-policy', label: msg`Privacy Policy` },
  { to: '/contact', label: msg`Contact` },
] as const;
