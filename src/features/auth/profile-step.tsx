// Step 3 for students: Select Your Profile. A name search (debounced by the machine) and a grid
// of cards with initials and full name, a page at a time when the class is larger than a page.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOGIN_PAGE_SIZE } from '@/contract/auth';
import { AuthCard, FormAlert } from './auth-ui';
import { Avatar } from './avatar';
import type { StepProps } from './login-steps';

export function ProfileStep({ state, send, moved }: StepProps) {
  const { roster, search, error } = state.context;
  const offset = roster?.offset ?? 0;
  const loading = state.matches({ student: { profiles: 'loading' } }) || state.matches({ student: { profiles: 'searching' } });
  const failed = state.matches({ student: { profiles: 'failed' } });
  const pages = roster ? Math.max(1, Math.ceil(roster.count / LOGIN_PAGE_SIZE)) : 1;
  const page = Math.floor(offset / LOGIN_PAGE_SIZE) + 1;
  const count = roster?.count ?? 0;
  const { t } = useLingui();

  return (
    <AuthCard
      title={t`Select Your Profile`}
      focusOnMount={moved}
      subtitle={roster ? roster.className : t`Find your name and tap it.`}
      onBack={() => send({ type: 'BACK' })}
      wide
    >
      <div className="auth-field profile-search">
        <label htmlFor="profile-search">
          <Trans>Find your name</Trans>
        </label>
        <div className="auth-input">
          <input
            id="profile-search"
            type="search"
            autoComplete="off"
            value={search}
            onChange={(e) => send({ type: 'SEARCH', query: e.target.value })}
            data-autofocus=""
          />
        </div>
      </div>
      <FormAlert message={failed ? error : null} />
      {failed ? (
        <button type="button" className="button auth-wide" onClick={() => send({ type: 'RETRY' })}>
          <Trans>Try again</Trans>
        </button>
      ) : null}
      <p className="auth-status" role="status">
        {loading && !roster ? t`Loading names…` : roster && !loading ? t`${plural(count, { one: '# name', other: '# names' })}` : ''}
      </p>
      {roster ? (
        <ul className="profile-grid" aria-busy={loading || undefined} aria-label={t`Students`}>
          {roster.students.map((s) => (
            <li key={s.id}>
              <button type="button" className="profile-card" onClick={() => send({ type: 'PICK', student: s })}>
                <Avatar id={s.id} first={s.first_name} last={s.last_name} />
                <span className="profile-name">
                  {s.first_name} {s.last_name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {roster && roster.students.length === 0 && !loading ? (
        <p className="auth-note">
          {search
            ? t`No names match “${search}”. Check the spelling, or ask your teacher.`
            : t`There is nobody in this class yet. Ask your teacher.`}
        </p>
      ) : null}
      {roster && pages > 1 ? (
        <nav className="pager" aria-label={t`Pages of names`}>
          <button
            type="button"
            className="button button-secondary"
            disabled={page <= 1 || loading}
            onClick={() => send({ type: 'PAGE', offset: offset - LOGIN_PAGE_SIZE })}
          >
            <Trans>Previous</Trans>
          </button>
          <span>
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          <button
            type="button"
            className="button button-secondary"
            disabled={page >= pages || loading}
            onClick={() => send({ type: 'PAGE', offset: offset + LOGIN_PAGE_SIZE })}
          >
            <Trans>Next</Trans>
          </button>
        </nav>
      ) : null}
    </AuthCard>
  );
}
