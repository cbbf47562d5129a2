// Decoding pictures (a story's or a book's, a school's logo) with sharp, in the worker pool
// (cpu-tasks.ts). Decoding costs memory and time by pixels, not bytes (a 260 KB PNG may declare
// 16,383 × 16,383), so the size the file's header declares is read first and a picture over
// WORK_LIMITS.picturePixels is refused before any pixel is decoded; sharp's own pixel limit
// stands behind that, and the decoded size must be the declared one.
import sharp from 'sharp';
import { DOCUMENT_MSG, type PictureType } from '../../src/contract/document';
import { WORK_LIMITS, WORK_MSG } from '../../src/contract/limits';
import { refuse, type Refusal } from './refusal';

const limitInputPixels = WORK_LIMITS.picturePixels;

/** The declared size, upright (EXIF orientations 5 to 8 turn the picture a quarter), or a refusal. */
async function declaredSize(bytes: Uint8Array, notAPicture: Refusal): Promise<{ width: number; height: number } | Refusal> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return notAPicture;
  if (meta.width * meta.height > limitInputPixels) return refuse(413, WORK_MSG.pictureTooManyPixels);
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/** A stored picture and the JPEG it is printed from (none for a JPEG: it prints as it is). */
export interface CleanPicture {
  data: Uint8Array;
  width: number;
  height: number;
  print: Uint8Array | null;
}

/**
 * The picture decoded and written again in its own format: whatever rode along in the file
 * (EXIF with the GPS position of a child's home, a camera's serial, comments, bytes after the
 * image) is gone, the orientation the camera noted is applied to the pixels, and a file that only
 * starts like a picture is refused. A WebP or PNG picture gets its print copy now, so a book
 * prints without converting.
 */
export async function reencodePicture({ bytes, type }: { bytes: Uint8Array; type: PictureType }): Promise<CleanPicture | Refusal> {
  const notAPicture = refuse(415, DOCUMENT_MSG.pictureType);
  const declared = await declaredSize(bytes, notAPicture);
  if ('refused' in declared) return declared;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels }).rotate();
    const out = type === 'image/jpeg' ? image.jpeg({ quality: 88 }) : type === 'image/png' ? image.png() : image.webp({ quality: 88 });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    if (info.width !== declared.width || info.height !== declared.height) return refuse(422, WORK_MSG.pictureDamaged);
    const print = type === 'image/jpeg' ? null : await printJpeg(data).catch(() => null);
    return { data: new Uint8Array(data), width: info.width, height: info.height, print };
  } catch {
    return notAPicture;
  }
}

/**
 * The JPEG a WebP or PNG picture is printed from (PDF has no WebP; pdf-lib's PNG path is slow and
 * keeps alpha). About 0.1 s of CPU a 1600 px picture, nearly all of it decoding the WebP: so
 * POST /pictures/ makes it once when the picture is stored and a book prints without converting;
 * only pictures stored before that are converted when printing.
 */
export async function printJpeg(data: Uint8Array): Promise<Uint8Array> {
  const jpeg = await sharp(data, { limitInputPixels }).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
  return new Uint8Array(jpeg);
}

/**
 * A school's logo drawn as a square PNG icon of `size` pixels: a plain icon is the logo on white
 * with a small margin; a maskable one keeps it inside the middle 56% (the square within the 80%
 * circle every launcher shape leaves whole). A raster logo over the pixel limit is refused.
 */
export async function drawIcon({
  logo,
  size,
  maskable,
}: {
  logo: Uint8Array;
  size: number;
  maskable: boolean;
}): Promise<Uint8Array | Refusal> {
  const svg = Buffer.from(logo.subarray(0, 512)).toString('latin1').includes('<svg');
  if (!svg) {
    const declared = await declaredSize(logo, refuse(415, 'The logo is not a picture.'));
    if ('refused' in declared) return declared;
  }
  const inner = Math.round(size * (maskable ? 0.56 : 0.84));
  try {
    const art = await sharp(logo, { density: 300, limitInputPixels })
      .resize(inner, inner, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .png()
      .toBuffer();
    const icon = await sharp({ create: { width: size, height: size, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
      .composite([{ input: art, gravity: 'centre' }])
      .png()
      .toBuffer();
    return new Uint8Array(icon);
  } catch {
    // An SVG drawn past the pixel limit at this density, or bytes that do not decode.
    return refuse(422, WORK_MSG.tooCostly);
  }
}
