import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { httpError } from '../lib/http-error';
import type { ProcessedImage } from '../repositories/images';

/**
 * Uploaded images: what the bytes really are (sniffed with `file-type` from their content, never
 * trusted from the name or the declared type), and a thumbnail made with sharp. The bytes are
 * stored in the database (repositories/images.ts), so every API process serves the same files.
 */

/** Types an article image may have, by sniffed MIME type. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export const THUMB_WIDTH = 320;
/** Decompression-bomb guard: larger images are refused before they are decoded. */
export const MAX_INPUT_PIXELS = 100_000_000;

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The client's file name reduced to a safe base name with the extension of the sniffed type. */
export function cleanFileName(name: string | undefined, extension: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._ -]+/gu, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[-. ]+|[-. ]+$/g, '')
    .slice(0, 120);
  return `${stem || 'image'}.${extension}`;
}

/** Checks the bytes and makes the thumbnail; HttpError 400 for anything that is not a usable image. */
export async function processImage(bytes: Buffer, clientName: string | undefined): Promise<ProcessedImage> {
  if (bytes.length === 0) throw httpError(400, 'image_empty');
  const type = await fileTypeFromBuffer(bytes);
  const extension = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!type || !extension) {
    throw type ? httpError(400, 'image_type_not_supported', { type: type.mime }) : httpError(400, 'image_not_an_image');
  }
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw httpError(400, 'image_unreadable');
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS)
    throw httpError(400, 'image_too_many_pixels', { megapixels: MAX_INPUT_PIXELS / 1_000_000 });
  let thumb: { data: Buffer; info: sharp.OutputInfo };
  try {
    // rotate() applies the EXIF orientation; the thumbnail carries no metadata (no GPS position).
    thumb = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw httpError(400, 'image_unreadable');
  }
  return {
    fileName: cleanFileName(clientName, extension),
    original: {
      contentType: type.mime,
      width: metadata.width ?? null,
      height: metadata.height ?? null,
      bytes,
      etag: sha256(bytes),
    },
    thumb: {
      contentType: 'image/webp',
      width: thumb.info.width,
      height: thumb.info.height,
      bytes: thumb.data,
      etag: sha256(thumb.data),
    },
  };
}
