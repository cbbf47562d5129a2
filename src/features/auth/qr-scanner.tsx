// The camera view while scanning a login card. The camera runs only while this is on screen:
// leaving scanning (Cancel Scanning, Back, a card read) unmounts it and releases the camera.
import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { scanWithCamera } from './qr-reader';

/** The same code seen again within this time is one reading, not many. */
const REPEAT_MS = 2000;

export function QrScanner({ onText, onFailed }: { onText: (text: string) => void; onFailed: (message: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const handlers = useRef({ onText, onFailed });
  const { t } = useLingui();
  useEffect(() => {
    handlers.current = { onText, onFailed };
  });

  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    let last = { text: '', at: 0 };
    void scanWithCamera(video.current!, (text) => {
      const now = Date.now();
      if (text === last.text && now - last.at < REPEAT_MS) return;
      last = { text, at: now };
      handlers.current.onText(text);
    }).then(
      (release) => {
        if (ended) release();
        else stop = release;
      },
      (err: Error) => {
        if (!ended) handlers.current.onFailed(err.message);
      },
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, []);

  return (
    <div className="qr-frame">
      <video ref={video} className="qr-video" muted playsInline aria-label={t`Camera view of your login card`} />
      <span className="qr-target" aria-hidden="true" />
    </div>
  );
}
