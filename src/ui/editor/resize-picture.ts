// Pictures are made small on the device before they are stored or sent: the longest side at
// most 1600 px, WebP (JPEG where the browser cannot write WebP). A phone photo of 4 MB becomes
// about 200 KB, so a story with 30 pictures still syncs over a school's connection.
import { t } from '@lingui/core/macro';
import { PICTURE_MAX_SIDE, PICTURE_TYPES } from '@/contract/document';

export interface ResizedPicture {
  type: 'image/webp' | 'image/jpeg';
  data: ArrayBuffer;
  width: number;
  height: number;
}

export const isPictureFile = (file: File) => (PICTURE_TYPES as readonly string[]).includes(file.type);

/** The size that fits in max × max, keeping the proportions (never enlarged). */
export function fitSize(width: number, height: number, max = PICTURE_MAX_SIDE) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.82));
}

export async function resizePicture(file: Blob): Promise<ResizedPicture> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = fitSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  // A browser that cannot write WebP answers PNG: then JPEG.
  let blob = await encode(canvas, 'image/webp');
  if (!blob || blob.type !== 'image/webp') blob = await encode(canvas, 'image/jpeg');
  if (!blob) throw new Error(t`This picture could not be read.`);
  return { type: blob.type as ResizedPicture['type'], data: await blob.arrayBuffer(), width, height };
}
