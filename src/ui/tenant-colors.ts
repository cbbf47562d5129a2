// Shared: the tenant feature applies a site's colours, the admin tenant form previews them. Tenant
// branding on the page: every tenant field whose name contains "color" becomes a CSS variable of
// the same name on the document root (so a school's site wears its own colours), plus readable text
// colours derived from the two colours that carry text (buttons and the primary bar). The server
// writes the same variables into the served HTML before paint (tenantColorCss).
import { READABLE_TEXT_VARIABLES, isColor, readableOn } from '@/contract/tenant-css';

export { readableOn };

export function applyTenantColors(tenant: object, root: HTMLElement = document.documentElement): string[] {
  const applied: string[] = [];
  for (const [key, value] of Object.entries(tenant)) {
    if (!key.includes('color') || typeof value !== 'string' || !isColor(value)) continue;
    root.style.setProperty(`--${key}`, value);
    applied.push(key);
  }
  const fields = tenant as Record<string, unknown>;
  for (const [field, variable] of READABLE_TEXT_VARIABLES) {
    const value = fields[field];
    if (typeof value === 'string' && isColor(value)) root.style.setProperty(variable, readableOn(value));
  }
  return applied;
}
