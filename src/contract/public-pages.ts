// The public pages that are content rather than code (/about, /our-team, /privacy-policy...): their
// slugs, the few that carry live numbers from the database, and the provider's own sites that
// open outside the app. Shared by the API (GET /pages/{slug}/) and the PWA's routes and menu.
export const PAGE_SLUGS = [
  'about',
  'our-framework',
  'our-team',
  'global-reach',
  'testimonials',
  'acknowledgement',
  'terms-of-use',
  'refund-policy',
  'privacy-policy',
  'sdgs',
  'challenges',
  'courses',
  'hubs',
  'live',
  'impact-films',
  'libraries',
  'dear-world-book',
  'canva',
] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export const isPageSlug = (s: string): s is PageSlug => (PAGE_SLUGS as readonly string[]).includes(s);

/** The provider's sites (marketing, blog, partners): outside the app, opened in a new tab. */
export const EXTERNAL_LINKS = [
  { href: 'https://storynest.example.com/', label: /*i18n*/ 'StoryNest for schools' },
  { href: 'https://blog.storynest.example.com/', label: /*i18n*/ 'Blog' },
  { href: 'https://storynest.example.com/partners', label: /*i18n*/ 'Partners' },
] as const;

/** The 17 UN Sustainable Development Goals, numbered as the UN numbers them (stories.sdgs). */
export const SDG_NAMES = [
  'No Poverty',
  'Zero Hunger',
  'Good Health and Well-being',
  'Quality Education',
  'Gender Equality',
  'Clean Water and Sanitation',
  'Affordable and Clean Energy',
  'Decent Work and Economic Growth',
  'Industry, Innovation and Infrastructure',
  'Reduced Inequalities',
  'Sustainable Cities and Communities',
  'Responsible Consumption and Production',
  'Climate Action',
  'Life Below Water',
  'Life on Land',
  'Peace, Justice and Strong Institutions',
  'Partnerships for the Goals',
] as const;
