// A child's initials in a coloured circle: the same colour for the same child on every device.
// Every colour keeps white text above WCAG AA contrast.
const COLORS = ['#1E5AA8', '#B3261E', '#2E6B30', '#6A1B9A', '#00695C', '#AD1457', '#5D4037', '#283593'];

export function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || '?';
}

export function Avatar({ id, first, last, size = 'normal' }: { id: number; first: string; last: string; size?: 'normal' | 'large' }) {
  return (
    <span className={`avatar avatar-${size}`} style={{ background: COLORS[id % COLORS.length] }} aria-hidden="true">
      {initials(first, last)}
    </span>
  );
}
