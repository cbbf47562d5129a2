// The school admin's Own domain screen (/admin-school/own-domain): the site's Domain URL, the DNS
// records that make it the school's (a TXT record `_storynest.<host>` holding the school's token,
// and the name pointed at the platform), "Check now", and what the check found: verified, not yet,
// or why it failed (no record, another value, no answer). It talks to the server directly (a DNS
// check needs the network), through GET/PUT /api-school-admin/domain/ and POST .../verify/.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { api } from '@/api/client';
import type { components } from '@/api/schema';
import { unwrap, useRemote } from '@/api/use-remote';
import { toast } from '@/ui/toast';
import '@/ui/admin/admin.css';
import './own-domain.css';
import { LoadFailed } from '@/ui/admin/load-failed';

type OwnDomain = components['schemas']['OwnDomain'];

/** The server's message when a call fails (offline: the browser's). */
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function Copyable({ label, value }: { label: string; value: string }) {
  const { t } = useLingui();
  return (
    <div className="own-domain-record-row">
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
        <button
          type="button"
          className="button button-small button-secondary"
          aria-label={t`Copy ${label}`}
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => toast('success', t`${label} copied.`),
              () => toast('error', t`Could not copy: select the text and copy it.`),
            )
          }
        >
          <Trans>Copy</Trans>
        </button>
      </dd>
    </div>
  );
}

function Status({ domain, failure }: { domain: OwnDomain; failure: string | null }) {
  const { t } = useLingui();
  let badge: ReactNode;
  let text: string;
  if (domain.verified) {
    badge = (
      <span className="admin-badge own-domain-ok">
        <Trans>Verified</Trans>
      </span>
    );
    const host = domain.host;
    text = t`https://${host}/ is served as your school's site.`;
  } else if (failure) {
    badge = (
      <span className="admin-badge admin-badge-off">
        <Trans>Not verified</Trans>
      </span>
    );
    text = failure;
  } else {
    badge = (
      <span className="admin-badge admin-badge-off">
        <Trans>Not verified yet</Trans>
      </span>
    );
    text = t`Add the records below, then press Check now.`;
  }
  return (
    <div className="own-domain-status" role="status">
      {badge}
      <p className={failure && !domain.verified ? 'admin-error' : undefined}>{text}</p>
    </div>
  );
}

export function OwnDomainScreen() {
  const { t } = useLingui();
  const remote = useRemote('own-domain', () => unwrap(api.GET('/api-school-admin/domain/')));
  const [saved, setSaved] = useState<OwnDomain | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'check' | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (remote.status === 'loading')
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  if (remote.status === 'failed')
    return (
      <section className="admin-page">
        <LoadFailed error={remote.error} onRetry={remote.reload} />
      </section>
    );
  const domain = saved ?? remote.data;
  const value = draft ?? domain.domain_url;
  const host = domain.host;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('save');
    setSaveError(null);
    try {
      const next = await unwrap(api.PUT('/api-school-admin/domain/', { body: { domain_url: value } }));
      setSaved(next);
      setDraft(null);
      setFailure(null);
      toast('success', t`Domain URL saved.`);
    } catch (err) {
      setSaveError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    setBusy('check');
    setFailure(null);
    try {
      setSaved(await unwrap(api.POST('/api-school-admin/domain/verify/')));
      toast('success', t`Your domain is verified.`);
    } catch (err) {
      setFailure(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="admin-page own-domain" aria-labelledby="own-domain-title">
      <div className="admin-head">
        <h1 id="own-domain-title">
          <Trans>Own domain</Trans>
        </h1>
      </div>
      <p className="admin-muted">
        <Trans>
          Your site is always at its StoryNest address. It can also be at your school&apos;s own domain, once you show that the domain is
          yours.
        </Trans>
      </p>

      <form className="admin-form" onSubmit={(e) => void save(e)} noValidate>
        <div className="admin-field">
          <label htmlFor="own-domain-url">
            <Trans>Domain URL</Trans>
          </label>
          <input
            id="own-domain-url"
            name="domain_url"
            type="url"
            inputMode="url"
            placeholder="https://www.yourschool.org"
            value={value}
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={saveError ? true : undefined}
            aria-describedby={saveError ? 'own-domain-url-error' : undefined}
          />
          {saveError && (
            <p className="admin-error" id="own-domain-url-error">
              {saveError}
            </p>
          )}
        </div>
        <div className="admin-form-actions">
          <button type="submit" className="button" disabled={busy !== null || value.trim() === domain.domain_url}>
            {busy === 'save' ? t`Saving…` : t`Save`}
          </button>
        </div>
      </form>

      {host && domain.record_name && domain.record_value ? (
        <div className="admin-form own-domain-steps">
          <Status domain={domain} failure={failure} />
          <h2>
            <Trans>1. Add this TXT record at your DNS provider</Trans>
          </h2>
          <dl className="own-domain-record">
            <Copyable label={t`Type`} value={domain.record_type} />
            <Copyable label={t`Name`} value={domain.record_name} />
            <Copyable label={t`Value`} value={domain.record_value} />
          </dl>
          <h2>
            <Trans>2. Point {host} at StoryNest</Trans>
          </h2>
          <dl className="own-domain-record">
            <Copyable label={t`CNAME target`} value={domain.points_to} />
          </dl>
          <p className="admin-muted">
            <Trans>Changes at a DNS provider can take up to an hour to show.</Trans>
          </p>
          <div className="admin-form-actions">
            <button type="button" className="button" disabled={busy !== null} onClick={() => void check()}>
              {busy === 'check' ? t`Checking…` : t`Check now`}
            </button>
          </div>
        </div>
      ) : (
        <p className="admin-notice">
          <Trans>Enter your school&apos;s own domain above (for example https://www.yourschool.org) and save it.</Trans>
        </p>
      )}
    </section>
  );
}
