// A site's colours as CSS: every tenant colour field becomes a variable of the same name, plus
// readable text colours (black or white) on the colours that carry text. The PWA sets them on the
// document (features/tenant/colors.ts); the server writes the same rules into the HTML it serves
// so the first paint already has the school's colours. Values that are not plain colours are
// dropped, so nothing can smuggle another declaration into the style.
import { TENANT_COLOR_FIELDS } from './tenant-colors';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
// Hex (3, 4, 6 or 8 digits), rgb()/hsl() with plain numbers, or a colour keyword: never
// anything that could smuggle another declaration into the style.
const COLOR = /^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(?:rgb|hsl)a?\([\d\s.,%/]+\)|[a-z]+)$/i;

export function isColor(value: string): boolean {
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

/** The derived text colour variables and the field each is read on. */
export const READABLE_TEXT_VARIABLES = [
  ['button_color', '--on-button'],
  ['book_button_color', '--on-book-button'],
  ['primary_color', '--on-primary'],
] as const;

/** `:root{...}` with the tenant's colour variables (empty when there is none). */
export function tenantColorCss(tenant: Partial<Record<string, unknown>>): string {
  const rules: string[] = [];
  for (const field of TENANT_COLOR_FIELDS) {
    const value = tenant[field];
    if (typeof value === 'string' && isColor(value)) rules.push(`--${field}:${value.trim()}`);
  }
  for (const [field, variable] of READABLE_TEXT_VARIABLES) {
    const value = tenant[field];
    if (typeof value === 'string' && isColor(value)) rules.push(`${variable}:${readableOn(value)}`);
  }
  return rules.length ? `:root{${rules.join(';')}}` : '';
}
