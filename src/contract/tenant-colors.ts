// Tenant colour fields and their defaults (primary #11365A, background #ADC7FA, buttons #d71a5f).
// Plain constants, no zod: the PWA applies these on first paint and the server answers them on the
// platform host.

export const TENANT_COLOR_FIELDS = [
  'primary_color',
  'primary_color_light',
  'primary_color_dark',
  'bg_primary_color',
  'bg_secondary_color',
  'announcement_color',
  'button_color',
  'book_button_color',
  'text_primary_color',
  'text_secondary_color',
  'text_muted_color',
  'border_primary_color',
  'border_muted_color',
] as const;
export type TenantColorField = (typeof TENANT_COLOR_FIELDS)[number];
export type TenantColors = Record<TenantColorField, string>;

/**
 * The spec fixes primary (#11365A), background (#ADC7FA) and button (#d71a5f); the others are
 * ours, chosen to keep text at WCAG AA contrast on the backgrounds they are used with.
 */
export const DEFAULT_TENANT_COLORS: TenantColors = {
  primary_color: '#11365A',
  primary_color_light: '#11365A',
  primary_color_dark: '#11365A',
  bg_primary_color: '#ADC7FA',
  bg_secondary_color: '#EEF3FE',
  announcement_color: '#11365A',
  button_color: '#d71a5f',
  book_button_color: '#d71a5f',
  text_primary_color: '#1B1F24',
  text_secondary_color: '#374151',
  text_muted_color: '#4B5563',
  border_primary_color: '#11365A',
  border_muted_color: '#CBD5E1',
};

export const PLATFORM_NAME = 'StoryNest';
/** The installed app's description (the manifest's): a school's site says it in the school's language. */
export const PLATFORM_DESCRIPTION = /*i18n*/ 'Read, write and share stories: an online library for schools and families.';
