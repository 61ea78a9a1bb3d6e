/**
 * What an article image may be: its type (sniffed from the content on the server; the editor's
 * file picker offers the same list) and the size limits every image is checked against from its
 * header, before a single pixel is decoded. Decoding costs memory by pixel count, not by file
 * size (a 12 KB PNG can declare a billion pixels), so the limits bound the pixels, each side, the
 * aspect ratio (a very wide strip defeats per-row streaming) and, for animations, all frames.
 */

/** The image types an article image may have, by MIME type, with the file extension stored. */
export const IMAGE_TYPE_EXTENSIONS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type ImageMimeType = keyof typeof IMAGE_TYPE_EXTENSIONS;

export const IMAGE_MIME_TYPES = Object.keys(IMAGE_TYPE_EXTENSIONS) as ImageMimeType[];

/** The `accept` value of an image file picker. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

export function isImageMimeType(value: unknown): value is ImageMimeType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(IMAGE_TYPE_EXTENSIONS, value);
}

export const IMAGE_LIMITS = Object.freeze({
  /** Width × height of one frame, in megapixels (a 45-megapixel camera passes). */
  maxMegapixels: 50,
  /** The longer side, in pixels. */
  maxSidePx: 16_000,
  /** Longer side ÷ shorter side (a 10:1 panorama passes). */
  maxAspectRatio: 10,
  /** Frames of an animation. */
  maxFrames: 500,
  /** All frames of an animation together, in megapixels. */
  maxAnimationMegapixels: 100,
});

/** The header facts the limits are checked on. */
export interface ImageDimensions {
  width: number;
  height: number;
  /** Frames of an animation (1 for a still image). */
  frames?: number;
}

export type ImageRefusalCode =
  | 'image_no_dimensions'
  | 'image_side_too_long'
  | 'image_aspect_ratio'
  | 'image_too_many_pixels'
  | 'image_too_many_frames'
  | 'image_animation_too_large';

export interface ImageRefusal {
  code: ImageRefusalCode;
  params: Record<string, number>;
}

/** Why an image of these dimensions is refused, or null when it is within every limit. */
export function imageDimensionsRefusal({ width, height, frames = 1 }: ImageDimensions): ImageRefusal | null {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) return { code: 'image_no_dimensions', params: {} };
  const longer = Math.max(width, height);
  if (longer > IMAGE_LIMITS.maxSidePx) return { code: 'image_side_too_long', params: { pixels: IMAGE_LIMITS.maxSidePx } };
  if (longer / Math.min(width, height) > IMAGE_LIMITS.maxAspectRatio) {
    return { code: 'image_aspect_ratio', params: { ratio: IMAGE_LIMITS.maxAspectRatio } };
  }
  if (width * height > IMAGE_LIMITS.maxMegapixels * 1_000_000) {
    return { code: 'image_too_many_pixels', params: { megapixels: IMAGE_LIMITS.maxMegapixels } };
  }
  if (frames > IMAGE_LIMITS.maxFrames) return { code: 'image_too_many_frames', params: { frames: IMAGE_LIMITS.maxFrames } };
  if (width * height * frames > IMAGE_LIMITS.maxAnimationMegapixels * 1_000_000) {
    return { code: 'image_animation_too_large', params: { megapixels: IMAGE_LIMITS.maxAnimationMegapixels } };
  }
  return null;
}
