// Edit student: names, a new password and the privacy preference,
// all required, checked with the server's own schema. A privacy change alone goes through its own
// confirmation (all of the student's posts change visibility); the same value is refused.
import { useState } from 'react';
import type { StudentRecord } from '@/data/db';
import { PRIVACY_PREFERENCES, type PrivacyPreference } from '@/contract/domain';
import { ROSTER_MSG, ROSTER_OWN_MSG } from '@/contract/messages';
import { EditStudentRequest } from '@/contract/roster-forms';
import { ConfirmDialog, Dialog } from '@/ui/dialog';
import { withFeedback } from './feedback';
import { archiveStudents, changePrivacy, editStudent } from './roster-commands';

type Field = 'first_name' | 'last_name' | 'password' | 'privacy_preference';

export const privacyLabel = (p: PrivacyPreference) => p[0]!.toUpperCase() + p.slice(1);

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

  const set = (field: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const save = async () => {
    const parsed = EditStudentRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
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

  if (confirming) {
    return (
      <ConfirmDialog
        title="Change privacy preference?"
        message={`${ROSTER_OWN_MSG.privacyWarning} New preference: ${privacyLabel(privacy)}.`}
        confirm="Change privacy"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          if (await withFeedback(() => changePrivacy(student, privacy), ROSTER_MSG.privacyUpdated, ROSTER_MSG.privacyFailed)) onClose();
        }}
      />
    );
  }

  return (
    <Dialog title={`Edit ${student.first_name} ${student.last_name}`} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {field('first_name', 'First name')}
        {field('last_name', 'Last name')}
        {field('password', 'New password', 'password')}
        <div className="roster-field">
          <label htmlFor="edit-privacy_preference">Privacy preference</label>
          <select
            id="edit-privacy_preference"
            value={values.privacy_preference}
            aria-invalid={!!errors.privacy_preference}
            onChange={set('privacy_preference')}
          >
            <option value="">Select…</option>
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
            Save
          </button>
        </div>
      </form>
      <hr />
      <div className="roster-inline">
        <label htmlFor="privacy-only">Change only the privacy preference</label>
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
          Change privacy
        </button>
      </div>
      {!student.archived ? (
        <div className="roster-actions">
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={async () => {
              if (await withFeedback(() => archiveStudents([student]), ROSTER_OWN_MSG.archived, 'Failed to archive the student.'))
                onClose();
            }}
          >
            Archive student
          </button>
        </div>
      ) : null}
    </Dialog>
  );
}
