// The public Help Center (/faq): the signed-in user's role, or the public role (platform_success).
import { Trans } from '@lingui/react/macro';
import { useSessionUser } from '@/api/use-session';
import { PUBLIC_FAQ_ROLE } from '@/contract/domain';
import { HelpCenter } from './help-center';

export function FaqPage() {
  const user = useSessionUser();
  return (
    <section className="page help-page" aria-labelledby="faq-title">
      <h1 id="faq-title">
        <Trans>Help Center</Trans>
      </h1>
      <p className="lead">
        <Trans>Answers to the questions schools, families and children ask us most. Still stuck? Contact us and we will help.</Trans>
      </p>
      <HelpCenter initialRole={user?.role ?? PUBLIC_FAQ_ROLE} />
    </section>
  );
}
