import { Link } from '@tanstack/react-router';
import { useTenant } from '@/features/tenant/tenant';
import { FOOTER_LINKS } from './links';

export function Footer() {
  const tenant = useTenant();
  return (
    <footer className="site-footer">
      <nav aria-label="Legal and contact">
        <ul>
          {FOOTER_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        © {new Date().getFullYear()} {tenant.school_name}
      </p>
    </footer>
  );
}
