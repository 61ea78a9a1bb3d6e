import { IMAGE_ACCEPT, imageDimensionsRefusal, isImageMimeType } from './images';

describe('image limits', () => {
  it.each([
    [{ width: 1, height: 1 }],
    [{ width: 8000, height: 6000 }],
    [{ width: 16_000, height: 1_600 }],
    [{ width: 1_600, height: 16_000 }],
    [{ width: 7071, height: 7071 }],
    [{ width: 500, height: 400, frames: 500 }],
  ])('%p is allowed', (dimensions) => expect(imageDimensionsRefusal(dimensions)).toBeNull());

  it.each([
    // The wide bomb: 100 megapixels in a 12 KB PNG, one side a million pixels.
    [{ width: 1_000_000, height: 100 }, 'image_side_too_long', { pixels: 16_000 }],
    [{ width: 100, height: 16_001 }, 'image_side_too_long', { pixels: 16_000 }],
    [{ width: 12_000, height: 1_199 }, 'image_aspect_ratio', { ratio: 10 }],
    [{ width: 100, height: 1_001 }, 'image_aspect_ratio', { ratio: 10 }],
    [{ width: 15_000, height: 15_000 }, 'image_too_many_pixels', { megapixels: 50 }],
    [{ width: 7072, height: 7071 }, 'image_too_many_pixels', { megapixels: 50 }],
    [{ width: 10, height: 10, frames: 501 }, 'image_too_many_frames', { frames: 500 }],
    [{ width: 1000, height: 1000, frames: 101 }, 'image_animation_too_large', { megapixels: 100 }],
    [{ width: 0, height: 10 }, 'image_no_dimensions', {}],
    [{ width: Number.NaN, height: 10 }, 'image_no_dimensions', {}],
  ])('%p is refused with %s', (dimensions, code, params) => expect(imageDimensionsRefusal(dimensions)).toEqual({ code, params }));

  it('the picker accepts exactly the types the server takes', () => {
    expect(IMAGE_ACCEPT).toBe('image/jpeg,image/png,image/webp,image/gif');
    expect(isImageMimeType('image/gif')).toBe(true);
    expect(isImageMimeType('image/svg+xml')).toBe(false);
    expect(isImageMimeType('toString')).toBe(false);
  });
});
