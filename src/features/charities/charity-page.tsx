// One charity (/charities/{id or slug}/): what it does, what has been raised, and a donation
// through any of the payment providers. Only published charities open; donating needs the
// network and says so offline.
import { t as tr } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { api } from '@/api/client';
import { useSessionUser } from '@/api/use-session';
import { unwrap, useRemote } from '@/api/use-remote';
import type { PaymentProvider } from '@/contract/domain';
import { formatPrice } from '@/ui/format';
import { offeredProviders, PaymentChoice, useProviderChoice } from '@/ui/payment-choice';
import { useOnline } from '@/ui/use-online';

const PRESETS = [500, 1000, 2500, 5000];
const OFFLINE_DONATION = /*i18n*/ 'Donating needs an internet connection. You are offline: please try again when you are back online.';

function DonateForm({ slug, name, offered }: { slug: string; name: string; offered: readonly PaymentProvider[] }) {
  const online = useOnline();
  const user = useSessionUser();
  const [amount, setAmount] = useState('10');
  const [provider, setProvider] = useProviderChoice(offered, 'paypal');
  const [email, setEmail] = useState(user?.email ?? '');
  const [donorName, setDonorName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cents = Math.round(Number(amount) * 100);
  const valid = Number.isFinite(cents) && cents >= 100;
  const { t } = useLingui();
  const known = useKnown();

  const donate = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return setError(t`Please enter an amount of at least 1.00.`);
    if (!provider) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await unwrap(
        api.POST('/charities/{charity}/donations/', {
          params: { path: { charity: slug } },
          body: { amount_cents: cents, provider, ...(user ? {} : { email: email.trim(), donor_name: donorName.trim() }) },
        }),
      );
      location.assign(answer.redirect_url);
    } catch (err) {
      setError(navigator.onLine ? (err instanceof Error ? err.message : String(err)) : OFFLINE_DONATION);
      setBusy(false);
    }
  };

  return (
    <form className="payment-form" onSubmit={(e) => void donate(e)} aria-labelledby="donate-title">
      <h2 id="donate-title">{t`Donate to ${name}`}</h2>
      <div className="amount-presets" role="group" aria-label={t`Suggested amounts`}>
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={`chip${cents === p ? ' chip-on' : ''}`}
            aria-pressed={cents === p}
            onClick={() => setAmount(String(p / 100))}
          >
            {formatPrice(p)}
          </button>
        ))}
      </div>
      <p className="field">
        <label htmlFor="donate-amount">
          <Trans>Amount (USD)</Trans>
        </label>
        <input
          id="donate-amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
          aria-invalid={!valid}
        />
      </p>
      {user ? null : (
        <>
          <p className="field">
            <label htmlFor="donate-name">
              <Trans>Your name for the certificate (optional)</Trans>
            </label>
            <input id="donate-name" autoComplete="name" maxLength={100} value={donorName} onChange={(e) => setDonorName(e.target.value)} />
          </p>
          <p className="field">
            <label htmlFor="donate-email">
              <Trans>Email for your receipt and certificate</Trans>
            </label>
            <input id="donate-email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </p>
        </>
      )}
      <PaymentChoice value={provider} onChange={setProvider} offered={offered} />
      {!online ? (
        <p className="notice notice-warning" role="status">
          {known(OFFLINE_DONATION)}
        </p>
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert">
          {known(error)}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={!online || busy || !provider}>
        {busy ? t`Opening the payment page…` : valid ? donateLabel(formatPrice(cents)) : t`Donate`}
      </button>
    </form>
  );
}

export function CharityPage({ site }: { site: { payments?: { providers: PaymentProvider[] } } }) {
  const { charity } = useParams({ strict: false }) as { charity: string };
  const { t } = useLingui();
  const known = useKnown();
  const found = useRemote(`charity-${charity}`, () => unwrap(api.GET('/charities/{charity}/', { params: { path: { charity } } })));
  if (found.status === 'loading') return null;
  if (found.status === 'failed') {
    return (
      <section className="page" aria-labelledby="charity-title">
        <h1 id="charity-title">
          <Trans>Charity not found</Trans>
        </h1>
        <p>{known(found.error)}</p>
        <p>
          <Link to="/charities">
            <Trans>See all charities</Trans>
          </Link>
        </p>
      </section>
    );
  }
  const c = found.data;
  const progress = c.goal_cents > 0 ? Math.min(100, Math.round((c.raised_cents / c.goal_cents) * 100)) : 0;
  return (
    <section className="page charity-page" aria-labelledby="charity-title">
      <p className="breadcrumbs">
        <Link to="/charities">
          <Trans>Charities</Trans>
        </Link>
      </p>
      <h1 id="charity-title">{c.name}</h1>
      <p className="lead">{c.description}</p>
      <p>
        <RaisedSoFar
          raised={formatPrice(c.raised_cents)}
          donations={c.donations}
          goal={c.goal_cents > 0 ? formatPrice(c.goal_cents) : null}
        />
      </p>
      {c.goal_cents > 0 ? (
        <progress className="charity-progress" max={100} value={progress} aria-label={t`${progress}% of the goal raised`} />
      ) : null}
      <DonateForm slug={c.slug} name={c.name} offered={offeredProviders(site.payments)} />
    </section>
  );
}

const donateLabel = (amount: string) => tr`Donate ${amount}`;

/** "$120.00 raised from 3 donations of a $500.00 goal." */
function RaisedSoFar({ raised, donations, goal }: { raised: string; donations: number; goal: string | null }) {
  return goal ? (
    <Trans>
      <strong>{raised}</strong> raised from <Plural value={donations} one="# donation" other="# donations" /> of a {goal} goal.
    </Trans>
  ) : (
    <Trans>
      <strong>{raised}</strong> raised from <Plural value={donations} one="# donation" other="# donations" />.
    </Trans>
  );
}
