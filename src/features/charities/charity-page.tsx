// One charity (/charities/{id or slug}/): what it does, what has been raised, and a donation
// through any of the payment providers. Only published charities open; donating needs the
// network and says so offline.
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
const OFFLINE_DONATION = 'Donating needs an internet connection. You are offline: please try again when you are back online.';

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

  const donate = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return setError('Please enter an amount of at least 1.00.');
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
      <h2 id="donate-title">Donate to {name}</h2>
      <div className="amount-presets" role="group" aria-label="Suggested amounts">
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
        <label htmlFor="donate-amount">Amount (USD)</label>
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
            <label htmlFor="donate-name">Your name for the certificate (optional)</label>
            <input id="donate-name" autoComplete="name" maxLength={100} value={donorName} onChange={(e) => setDonorName(e.target.value)} />
          </p>
          <p className="field">
            <label htmlFor="donate-email">Email for your receipt and certificate</label>
            <input id="donate-email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </p>
        </>
      )}
      <PaymentChoice value={provider} onChange={setProvider} offered={offered} />
      {!online ? (
        <p className="notice notice-warning" role="status">
          {OFFLINE_DONATION}
        </p>
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={!online || busy || !provider}>
        {busy ? 'Opening the payment page…' : valid ? `Donate ${formatPrice(cents)}` : 'Donate'}
      </button>
    </form>
  );
}

export function CharityPage({ site }: { site: { payments?: { providers: PaymentProvider[] } } }) {
  const { charity } = useParams({ strict: false }) as { charity: string };
  const found = useRemote(`charity-${charity}`, () => unwrap(api.GET('/charities/{charity}/', { params: { path: { charity } } })));
  if (found.status === 'loading') return null;
  if (found.status === 'failed') {
    return (
      <section className="page" aria-labelledby="charity-title">
        <h1 id="charity-title">Charity not found</h1>
        <p>{found.error}</p>
        <p>
          <Link to="/charities">See all charities</Link>
        </p>
      </section>
    );
  }
  const c = found.data;
  const progress = c.goal_cents > 0 ? Math.min(100, Math.round((c.raised_cents / c.goal_cents) * 100)) : 0;
  return (
    <section className="page charity-page" aria-labelledby="charity-title">
      <p className="breadcrumbs">
        <Link to="/charities">Charities</Link>
      </p>
      <h1 id="charity-title">{c.name}</h1>
      <p className="lead">{c.description}</p>
      <p>
        <strong>{formatPrice(c.raised_cents)}</strong> raised from {c.donations} {c.donations === 1 ? 'donation' : 'donations'}
        {c.goal_cents > 0 ? ` of a ${formatPrice(c.goal_cents)} goal` : ''}.
      </p>
      {c.goal_cents > 0 ? (
        <progress className="charity-progress" max={100} value={progress} aria-label={`${progress}% of the goal raised`} />
      ) : null}
      <DonateForm slug={c.slug} name={c.name} offered={offeredProviders(site.payments)} />
    </section>
  );
}
