// The Help Center's articles for one role (each role sees its own): searchable, grouped by
// section, from the device's copy (so it works offline), refreshed from the server when shown.
// Bodies are HTML from platform staff: shown only through the sanitiser.
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { useEffect, useId, useState } from 'react';
import { useLive } from '@/data/live';
import { MSG } from '@/contract/messages';
import { PUBLIC_FAQ_ROLE } from '@/contract/domain';
import { SafeHtml } from '@/ui/safe-html';
import { faqsOfRole, syncFaqs } from './faq-sync';
import { groupBySection, searchFaqs } from './faq-search';
import './help.css';

export const HELP_ROLES = [
  [PUBLIC_FAQ_ROLE, msg`Everyone`],
  ['parent', msg`Parents`],
  ['student', msg`Students`],
  ['teacher', msg`Teachers`],
  ['school_admin', msg`School admins`],
  ['organization_admin', msg`Organization admins`],
  ['upschool_admin', msg`Platform admins`],
] as const;

export function HelpCenter({ initialRole, headingLevel = 2 }: { initialRole: string; headingLevel?: 2 | 3 }) {
  const [role, setRole] = useState(initialRole);
  const [query, setQuery] = useState('');
  const [load, setLoad] = useState<'loading' | 'failed' | 'succeeded'>('loading');
  const faqs = useLive(() => faqsOfRole(role), [role]);
  const ids = useId();
  const { t, i18n } = useLingui();
  const known = useKnown();

  useEffect(() => {
    let live = true;
    syncFaqs().then(
      () => live && setLoad('succeeded'),
      () => live && setLoad('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  const found = faqs ? searchFaqs(faqs, query) : [];
  const count = found.length;
  const Section = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="help-center">
      <div className="help-tools">
        <p className="field">
          <label htmlFor={`${ids}-role`}>
            <Trans>Show help for</Trans>
          </label>
          <select id={`${ids}-role`} value={role} onChange={(e) => setRole(e.target.value)}>
            {HELP_ROLES.map(([value, label]) => (
              <option key={value} value={value}>
                {i18n._(label)}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor={`${ids}-search`}>
            <Trans>Search help</Trans>
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t`e.g. password, CSV, offline`}
          />
        </p>
      </div>
      {faqs === undefined ? null : faqs.length === 0 && load === 'loading' ? (
        <p role="status">
          <Trans>Loading help…</Trans>
        </p>
      ) : faqs.length === 0 && load === 'failed' ? (
        <p className="notice notice-error" role="alert">
          {known(MSG.faqLoadFailed)}
        </p>
      ) : faqs.length === 0 ? (
        <div className="help-empty" role="status">
          <Section>{known(MSG.faqEmptyTitle)}</Section>
          <p>{known(MSG.faqEmpty)}</p>
        </div>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {query ? t`${plural(count, { one: '# article found', other: '# articles found' })}` : ''}
          </p>
          {found.length === 0 ? (
            <p>
              <Trans>No help article matches “{query}”. Try other words, or ask us through the contact page.</Trans>
            </p>
          ) : null}
          {groupBySection(found).map((group) => (
            <section key={group.section} className="help-section" aria-label={group.section}>
              <Section>{group.section}</Section>
              {group.faqs.map((f) => (
                <details key={f.id} className="faq">
                  <summary>{f.title}</summary>
                  <SafeHtml html={f.body} className="faq-body" />
                </details>
              ))}
            </section>
          ))}
        </>
      )}
    </div>
  );
}
