// Shared: the tenant feature applies a site's colours, the admin tenant form previews them.
// Tenant branding on the page: every tenant field whose name contains "color" becomes a CSS
// variable of the same name on the document root (SPEC.md section 3, Tenant), plus readable
// text colours derived from the two colours that carry text (buttons and the primary bar).

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
// Hex (3, 4, 6 or 8 digits), rgb()/hsl() with plain numbers, or a colour keyword: never
// anything that could smuggle another declaration into the style.
const COLOR = /^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(?:rgb|hsl)a?\([\d\s.,%/]+\)|[a-z]+)$/i;

function isColor(value: string): boolean {
  return COLOR.test(value.trim());
}

function channels(hex: string): [number, number, number] | null {
  if (!HEX.test(hex)) return null;
  const full = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** WCAG relative luminance of a hex colour, or null for anything else. */
export function luminance(hex: string): number | null {
  const rgb = channels(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on `background` (white when it cannot tell). */
export function readableOn(background: string): '#000000' | '#FFFFFF' {
  const l = luminance(background);
  if (l === null) return '#FFFFFF';
  // Contrast with white is 1.05/(l+0.05); with black (l+0.05)/0.05. Pick the larger.
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#FFFFFF' : '#000000';
}

export function applyTenantColors(tenant: object, root: HTMLElement = document.documentElement): string[] {
  const applied: string[] = [];
  for (const [key, value] of Object.entries(tenant)) {
    if (!key.includes('color') || typeof value !== 'string' || !isColor(value)) continue;
    root.style.setProperty(`--${key}`, value);
    applied.push(key);
  }
  const fields = tenant as Record<string, unknown>;
  for (const [field, variable] of [
    ['button_color', '--on-button'],
    ['book_button_color', '--on-book-button'],
    ['primary_color', '--on-primary'],
  ] as const) {
    const value = fields[field];
    if (typeof value === 'string' && isColor(value)) root.style.setProperty(variable, readableOn(value));
  }
  return applied;
}
