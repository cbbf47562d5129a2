import { Link } from '@tanstack/react-router';
import { useTenant } from '@/features/tenant/tenant';

const LINKS = [
  { to: '/terms-of-use', label: 'Terms of Use' },
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/contact', label: 'Contact' },
] as const;

export function Footer() {
  const tenant = useTenant();
  return (
    <footer className="site-footer">
      <nav aria-label="Legal and contact">
        <ul>
          {LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>© {new Date().getFullYear()} {tenant.school_name}</p>
    </footer>
  );
}
