// Step 2 for students: the class code (shown in capitals) with Continue, or a QR login card,
// read by the camera (Cancel Scanning stops it) or from a photo where there is no camera.
import { useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { AuthCard, Field, FormAlert } from './auth-ui';
import { PhotoIcon, QrIcon } from './auth-icons';
import { readPhoto } from './qr-reader';
import { QrScanner } from './qr-scanner';
import { StepForm } from './step-form';
import type { StepProps } from './login-steps';

function PhotoButton({ send }: Pick<StepProps, 'send'>) {
  const input = useRef<HTMLInputElement>(null);
  const read = async (file: File | undefined) => {
    if (!file) return;
    try {
      send({ type: 'QR_DECODED', text: await readPhoto(file) });
    } catch (err) {
      send({ type: 'QR_FAILED', message: (err as Error).message });
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <label className="button button-secondary auth-wide photo-button">
      <PhotoIcon /> <Trans>Upload a photo of your card</Trans>
      <input ref={input} type="file" accept="image/*" className="visually-hidden" onChange={(e) => void read(e.target.files?.[0])} />
    </label>
  );
}

export function ClassCodeStep({ state, send, moved }: StepProps) {
  const { classCode, fieldErrors, error } = state.context;
  const scanning = state.matches({ student: { code: 'scanning' } });
  const signingIn = state.matches({ student: 'cardSignIn' });
  const { t } = useLingui();

  if (scanning || signingIn) {
    return (
      <AuthCard
        title={t`Scan your login card`}
        focusOnMount={moved}
        subtitle={t`Hold the QR code on your card up to the camera.`}
        onBack={() => send({ type: 'BACK' })}
      >
        <FormAlert message={error} />
        {signingIn ? (
          <p className="auth-status" role="status">
            <Trans>Signing in…</Trans>
          </p>
        ) : (
          <QrScanner onText={(text) => send({ type: 'QR_DECODED', text })} onFailed={(message) => send({ type: 'QR_FAILED', message })} />
        )}
        <button type="button" className="button auth-wide" onClick={() => send({ type: 'CANCEL_SCAN' })} data-autofocus="">
          <Trans>Cancel Scanning</Trans>
        </button>
        <PhotoButton send={send} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t`Enter your class code`}
      focusOnMount={moved}
      subtitle={t`Your teacher will tell you your class code.`}
      onBack={() => send({ type: 'BACK' })}
    >
      <StepForm send={send} error={error}>
        <Field
          label={t`Class code`}
          className="class-code"
          name="class-code"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          placeholder={t`e.g. ROBINS4`}
          value={classCode}
          error={fieldErrors.classCode}
          onValue={(value) => send({ type: 'EDIT', field: 'classCode', value })}
          autoFocusStep
        />
        <button type="submit" className="button auth-submit">
          <Trans>Continue</Trans>
        </button>
      </StepForm>
      <p className="auth-or">
        <span>
          <Trans>or use your login card</Trans>
        </span>
      </p>
      <div className="auth-actions">
        <button type="button" className="button button-secondary auth-wide" onClick={() => send({ type: 'START_SCAN' })}>
          <QrIcon /> <Trans>Scan QR Code</Trans>
        </button>
        <PhotoButton send={send} />
      </div>
    </AuthCard>
  );
}
