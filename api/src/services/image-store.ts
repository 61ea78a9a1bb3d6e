import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_LIMITS, IMAGE_TYPE_EXTENSIONS, imageDimensionsRefusal, isImageMimeType, type ImageMimeType } from 'contracts/rules/images';
import { httpError } from '../lib/http-error';
import { exifRights, imageRights, rightsExif, rightsXmp } from '../lib/image-rights';
import { Semaphore } from '../lib/semaphore';
import type { DbRoot } from '../db/schema';
import { imagesRepository, type ProcessedImage, type StoredFile } from '../repositories/images';

/**
 * Images (uploads and the images of imported items): what the bytes really are (sniffed with
 * `file-type` from their content, never trusted from the name or the declared type), checked
 * against the limits of contracts/rules/images from the header alone, then decoded in bounded
 * memory: a few decodes per process at a time, each streaming with one libvips thread and no
 * operation cache. What is stored and served is written anew: orientation applied, and of the
 * metadata only the colour profile and the rights (lib/image-rights.ts), never a GPS position or
 * camera data. The bytes are stored in the database (repositories/images.ts), so every API
 * process serves the same files.
 */

// One libvips thread per image and no operation cache: memory grows with the decodes running,
// which the decode slots below bound, and is given back when they end.
sharp.concurrency(1);
sharp.cache(false);

/** Types an article image may have, by sniffed MIME type (contracts/rules/images). */
export const IMAGE_TYPES: Readonly<Record<string, string>> = IMAGE_TYPE_EXTENSIONS;

export const THUMB_WIDTH = 320;
/** libvips' own guard, as a second line behind the header check: never more pixels than a frame may have. */
export const MAX_INPUT_PIXELS = IMAGE_LIMITS.maxMegapixels * 1_000_000;

const decodes = new Semaphore(2);

/** How many images one process decodes at a time (IMAGE_DECODE_CONCURRENCY). */
export function setDecodeConcurrency(size: number): void {
  decodes.resize(size);
}

/** The decode slots' use: running now, waiting, and the most ever running at once. */
export function decodeStats(): { active: number; waiting: number; peak: number; resetPeak(): void } {
  return { active: decodes.active, waiting: decodes.waiting, peak: decodes.peak, resetPeak: () => decodes.resetPeak() };
}

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

async function sniff(bytes: Buffer): Promise<ImageMimeType> {
  if (bytes.length === 0) throw httpError(400, 'image_empty');
  const type = await fileTypeFromBuffer(bytes);
  if (!type) throw httpError(400, 'image_not_an_image');
  if (!isImageMimeType(type.mime)) throw httpError(400, 'image_type_not_supported', { type: type.mime });
  return type.mime;
}

/** The header (no pixels decoded), checked against the limits. */
async function readHeader(bytes: Buffer): Promise<sharp.Metadata> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw httpError(400, 'image_unreadable');
  }
  const refusal = imageDimensionsRefusal({
    width: metadata.width,
    height: metadata.pageHeight ?? metadata.height,
    frames: metadata.pages ?? 1,
  });
  if (refusal) throw httpError(400, refusal.code, refusal.params);
  return metadata;
}

/** The stored original: the same type, written anew with orientation applied and only the rights kept. */
function cleanOriginal(bytes: Buffer, type: ImageMimeType, metadata: sharp.Metadata): sharp.Sharp {
  const animated = (metadata.pages ?? 1) > 1;
  let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true, animated, autoOrient: !animated });
  if (type === 'image/jpeg')
    image = image.jpeg({ quality: 90, chromaSubsampling: metadata.chromaSubsampling === '4:4:4' ? '4:4:4' : '4:2:0' });
  else if (type === 'image/png') image = image.png({ compressionLevel: 6, palette: metadata.isPalette });
  else if (type === 'image/webp') image = image.webp({ quality: 90 });
  else image = image.gif();
  image = image.keepIccProfile();
  const rights = imageRights(metadata);
  const exif = rightsExif(rights, exifRights(metadata.exif));
  if (type !== 'image/gif' && Object.keys(exif).length > 0) image = image.withExif({ IFD0: exif });
  const xmp = rightsXmp(rights);
  if (xmp) image = image.withXmp(xmp);
  return image;
}

function thumbnail(bytes: Buffer): sharp.Sharp {
  // The first frame of an animation; no metadata at all.
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true, autoOrient: true })
    .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 });
}

/**
 * Checks the bytes and makes the stored original and the thumbnail; HttpError 400 (a catalogue
 * code) for anything that is not a usable image or is beyond the limits.
 */
export async function processImage(bytes: Buffer, clientName: string | undefined): Promise<ProcessedImage> {
  const type = await sniff(bytes);
  const metadata = await readHeader(bytes);
  const [original, thumb] = await decodes.run(async () => {
    try {
      // One after the other: a decode slot holds one decode.
      const clean = await cleanOriginal(bytes, type, metadata).toBuffer({ resolveWithObject: true });
      return [clean, await thumbnail(bytes).toBuffer({ resolveWithObject: true })] as const;
    } catch {
      throw httpError(400, 'image_unreadable');
    }
  });
  return {
    fileName: cleanFileName(clientName, IMAGE_TYPE_EXTENSIONS[type]),
    original: {
      contentType: type,
      width: original.info.width,
      height: original.info.pageHeight ?? original.info.height,
      bytes: original.data,
      etag: sha256(original.data),
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

/**
 * An original stored before uploads were cleaned (migration 0025): written anew like an upload and
 * stored in its place. One that can no longer be processed (beyond today's limits, damaged) is
 * replaced by its thumbnail, which never carried metadata: no uncleaned file is ever served.
 */
export async function cleanStoredOriginal(db: DbRoot, id: number): Promise<void> {
  const original = await imagesRepository.file(db, id, 'original');
  if (!original) return;
  let clean: StoredFile | undefined;
  try {
    clean = (await processImage(original.bytes, undefined)).original;
  } catch {
    const thumb = await imagesRepository.file(db, id, 'thumb');
    if (thumb) clean = { contentType: thumb.contentType, width: null, height: null, bytes: thumb.bytes, etag: thumb.etag };
  }
  if (clean) await imagesRepository.replaceOriginal(db, id, clean);
}
