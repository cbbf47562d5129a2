import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useTenant } from '@/features/tenant/tenant';
import { LanguagePicker } from '@/ui/language-picker';
import { FOOTER_LINKS } from './links';

export function Footer() {
  const tenant = useTenant();
  const { t } = useLingui();
  return (
    <footer className="site-footer">
      <nav aria-label={t`Legal and contact`}>
        <ul>
          {FOOTER_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{t(l.label)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <LanguagePicker />
      <p>
        © {new Date().getFullYear()} {tenant.school_name}
      </p>
    </footer>
  );
}
