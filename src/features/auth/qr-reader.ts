// Reading a QR login card with @zxing/browser, loaded only when a card is read: from the camera
// (the stream is ours, so every track stops the moment scanning ends) or from a photo of the
// card, for devices without a camera. Each picture is tried at a few sizes: zxing's detector
// misses some codes at one size and finds them at another (about 1 card in 20 otherwise).
import { AUTH_MSG } from '@/contract/messages';

/** Long edge of a picture before decoding: phone photos are large, QR codes are not. */
const MAX_EDGE = 1600;
const SCALES = [1, 0.6, 0.4];
const SCAN_EVERY_MS = 150;
/**
 * Reading a frame runs on the page's thread; on a slow tablet it can take longer than the pause
 * between frames, and the screen would stop answering taps (Cancel included). The pause after a
 * frame is at least this many times the frame's reading time, so reading takes at most a quarter
 * of the thread.
 */
const PAUSE_PER_READ = 3;

type Decoder = (canvas: HTMLCanvasElement) => string;

async function decoder(): Promise<Decoder> {
  const [{ BrowserQRCodeReader }, { DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  const reader = new BrowserQRCodeReader(new Map([[DecodeHintType.TRY_HARDER, true]]));
  return (canvas) => reader.decodeFromCanvas(canvas).getText();
}

/** Draws the picture at `scale` (on white: a transparent card is not black on black) and reads it. */
function readAt(
  decode: Decoder,
  canvas: HTMLCanvasElement,
  picture: CanvasImageSource,
  width: number,
  height: number,
  scale: number,
): string | null {
  const fit = Math.min(1, MAX_EDGE / Math.max(width, height)) * scale;
  canvas.width = Math.max(1, Math.round(width * fit));
  canvas.height = Math.max(1, Math.round(height * fit));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(picture, 0, 0, canvas.width, canvas.height);
  try {
    return decode(canvas);
  } catch {
    return null;
  }
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
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    video.srcObject = null;
    stopStream(stream);
  };
  try {
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    const decode = await decoder();
    const canvas = document.createElement('canvas');
    let attempt = 0;
    const tick = () => {
      if (stopped) return;
      const started = performance.now();
      if (video.readyState >= 2 && video.videoWidth > 0) {
        const text = readAt(decode, canvas, video, video.videoWidth, video.videoHeight, SCALES[attempt++ % SCALES.length]!);
        if (text) onText(text);
      }
      timer = setTimeout(tick, Math.max(SCAN_EVERY_MS, (performance.now() - started) * PAUSE_PER_READ));
    };
    tick();
    return stop;
  } catch {
    stop();
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
    const [img, decode] = await Promise.all([loadImage(url), decoder()]);
    const canvas = document.createElement('canvas');
    for (const scale of SCALES) {
      const text = readAt(decode, canvas, img, img.naturalWidth, img.naturalHeight, scale);
      if (text) return text;
    }
    throw new Error(AUTH_MSG.qrNotFound);
  } finally {
    URL.revokeObjectURL(url);
  }
}
