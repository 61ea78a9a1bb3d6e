// Image rules (spec section 3 "Article edit"): the first image becomes the main image when none
// is chosen.
import type { ArticleImage, UploadedImage } from './types';

/** The main image id to use: the chosen one while it is still on the article, else the first image's. */
export function effectiveMainImage(images: readonly Pick<ArticleImage, 'id'>[], mainImage: number | null | undefined): number | null {
  if (mainImage !== null && mainImage !== undefined && images.some((image) => image.id === mainImage)) return mainImage;
  return images[0]?.id ?? null;
}

/** The upload response's image as an article image (caption from the upload). */
export function fromUpload(upload: UploadedImage): ArticleImage {
  return {
    id: Number(upload.id),
    file_name: upload.file_name ?? '',
    url: upload.url ?? '',
    thumb_url: upload.thumb_url || upload.file_thumbnail || upload.url || '',
    description: upload.description ?? '',
  };
}

/** Sets the caption of one image. */
export function setCaption(images: readonly ArticleImage[], id: number, description: string): ArticleImage[] {
  return images.map((image) => (image.id === id ? { ...image, description } : image));
}
