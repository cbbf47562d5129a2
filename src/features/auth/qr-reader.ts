// Reading a QR login card with @zxing/browser, loaded only when a card is read: from the camera
// (the stream is ours, so every track is stopped the moment scanning ends) or from a photo of
// the card, for devices without a camera.
import { AUTH_MSG } from '@/contract/messages';

/** Long edge of a photo before decoding: phone photos are large, QR codes are not. */
const MAX_PHOTO_EDGE = 1600;

async function reader() {
  const [{ BrowserQRCodeReader }, { DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  return new BrowserQRCodeReader(new Map([[DecodeHintType.TRY_HARDER, true]]));
}

export function stopStream(stream: MediaStream | null | undefined) {
  stream?.getTracks().forEach((track) => track.stop());
}

/**
 * Starts the camera into `video` and calls `onText` with each code it reads. Resolves to a stop
 * function that releases the camera; rejects with words to show when there is no camera.
 */
export async function scanWithCamera(video: HTMLVideoElement, onText: (text: string) => void): Promise<() => void> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error(AUTH_MSG.cameraUnavailable);
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  } catch {
    throw new Error(AUTH_MSG.cameraUnavailable);
  }
  try {
    const controls = await (await reader()).decodeFromStream(stream, video, (result) => {
      if (result) onText(result.getText());
    });
    return () => {
      controls.stop();
      stopStream(stream);
    };
  } catch {
    stopStream(stream);
    throw new Error(AUTH_MSG.cameraUnavailable);
  }
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(AUTH_MSG.qrNotFound));
    img.src = url;
  });
}

/** The text of the QR code in a photo of a login card. */
export async function readPhoto(file: File): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const img = await loadImage(url);
    const scale = Math.min(1, MAX_PHOTO_EDGE / Math.max(img.naturalWidth, img.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error(AUTH_MSG.qrNotFound);
    // A white background: transparent PNG cards would otherwise decode as black on black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(img, 0, 0, canvas.width, canvas.height);
    try {
      return (await reader()).decodeFromCanvas(canvas).getText();
    } catch {
      throw new Error(AUTH_MSG.qrNotFound);
    }
  } finally {
    URL.revokeObjectURL(url);
  }
}
