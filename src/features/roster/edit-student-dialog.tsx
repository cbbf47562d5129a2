// Edit student: names, a new password and the privacy preference,
// all required, checked with the server's own schema. A privacy change alone goes through its own
// confirmation (all of the student's posts change visibility); the same value is refused.
import { useCallback, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import type { StudentRecord } from '@/data/db';
import { PRIVACY_PREFERENCES, type PrivacyPreference } from '@/contract/domain';
import { ROSTER_MSG, ROSTER_OWN_MSG } from '@/contract/messages';
import { EditStudentRequest } from '@/contract/roster-forms';
import { ConfirmDialog, Dialog } from '@/ui/dialog';
import { withFeedback } from './feedback';
import { archiveStudents, changePrivacy, editStudent } from './roster-commands';

type Field = 'first_name' | 'last_name' | 'password' | 'privacy_preference';

const PRIVACY_NAMES = { public: msg`Public`, private: msg`Private`, community: msg`Community` } as const;

/** A privacy preference's name in the reader's language (a new function when the language changes). */
export function usePrivacyLabel(): (p: PrivacyPreference) => string {
  const { _ } = useLinguiRuntime();
  return useCallback((p: PrivacyPreference) => _(PRIVACY_NAMES[p]), [_]);
}

export function EditStudentDialog({ student, onClose }: { student: StudentRecord; onClose: () => void }) {
  const [values, setValues] = useState({
    first_name: student.first_name,
    last_name: student.last_name,
    password: '',
    privacy_preference: student.privacy_preference as string,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [privacy, setPrivacy] = useState<PrivacyPreference>(student.privacy_preference);
  const [confirming, setConfirming] = useState(false);
  const { t } = useLingui();
  const known = useKnown();
  const privacyLabel = usePrivacyLabel();

  const set = (field: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const save = async () => {
    const parsed = EditStudentRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], known(i.message)])));
      return;
    }
    setErrors({});
    if (await withFeedback(() => editStudent(student, parsed.data), ROSTER_MSG.studentUpdated, ROSTER_MSG.studentUpdateFailed)) onClose();
  };
  const field = (name: Field, label: string, type = 'text') => (
    <div className="roster-field">
      <label htmlFor={`edit-${name}`}>{label}</label>
      <input
        id={`edit-${name}`}
        type={type}
        value={values[name]}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `edit-${name}-error` : undefined}
        onChange={set(name)}
      />
      {errors[name] ? (
        <p className="roster-error" id={`edit-${name}-error`}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  const fullName = `${student.first_name} ${student.last_name}`;
  if (confirming) {
    const warning = known(ROSTER_OWN_MSG.privacyWarning);
    const chosen = privacyLabel(privacy);
    return (
      <ConfirmDialog
        title={t`Change privacy preference?`}
        message={t`${warning} New preference: ${chosen}.`}
        confirm={t`Change privacy`}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          if (await withFeedback(() => changePrivacy(student, privacy), ROSTER_MSG.privacyUpdated, ROSTER_MSG.privacyFailed)) onClose();
        }}
      />
    );
  }

  return (
    <Dialog title={t`Edit ${fullName}`} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {field('first_name', t`First name`)}
        {field('last_name', t`Last name`)}
        {field('password', t`New password`, 'password')}
        <div className="roster-field">
          <label htmlFor="edit-privacy_preference">
            <Trans>Privacy preference</Trans>
          </label>
          <select
            id="edit-privacy_preference"
            value={values.privacy_preference}
            aria-invalid={!!errors.privacy_preference}
            onChange={set('privacy_preference')}
          >
            <option value="">{t`Select…`}</option>
            {PRIVACY_PREFERENCES.map((p) => (
              <option key={p} value={p}>
                {privacyLabel(p)}
              </option>
            ))}
          </select>
          {errors.privacy_preference ? <p className="roster-error">{errors.privacy_preference}</p> : null}
        </div>
        <div className="roster-actions">
          <button type="submit" className="button">
            <Trans>Save</Trans>
          </button>
        </div>
      </form>
      <hr />
      <div className="roster-inline">
        <label htmlFor="privacy-only">
          <Trans>Change only the privacy preference</Trans>
        </label>
        <select id="privacy-only" value={privacy} onChange={(e) => setPrivacy(e.target.value as PrivacyPreference)}>
          {PRIVACY_PREFERENCES.map((p) => (
            <option key={p} value={p}>
              {privacyLabel(p)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() =>
            privacy === student.privacy_preference
              ? void withFeedback(() => changePrivacy(student, privacy), '', ROSTER_MSG.privacyFailed)
              : setConfirming(true)
          }
        >
          <Trans>Change privacy</Trans>
        </button>
      </div>
      {!student.archived ? (
        <div className="roster-actions">
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={async () => {
              if (await withFeedback(() => archiveStudents([student]), ROSTER_OWN_MSG.archived, t`Failed to archive the student.`))
                onClose();
            }}
          >
            <Trans>Archive student</Trans>
          </button>
        </div>
      ) : null}
    </Dialog>
  );
}
