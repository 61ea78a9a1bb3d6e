// Shapes of the article editor's API (spec section 3 "Article edit", "Event", "Author", "Ad",
// "Tag"; GET/POST /api/portal/article): the contracts' types, imported type-only (no code in the bundle).

import type { ImageItem } from 'contracts/schemas/images';

export type { Ad } from 'contracts/schemas/ads';
export type { ArticleEdit, ArticleEditData, ArticleEvent, ArticleLocation, EditLock } from 'contracts/schemas/article';
export type { Author, AuthorRef } from 'contracts/schemas/authors';
export type { Saved as SaveResult } from 'contracts/schemas/common';
export type { UpdateAuthorBody } from 'contracts/schemas/authors';
export type { UploadedImage, Video } from 'contracts/schemas/images';

/** An image of the edit form: the contract's image without the thumbnail name the form never shows. */
export type ArticleImage = Omit<ImageItem, 'file_thumbnail'>;
export type { Country, CountryState } from 'contracts/schemas/locations';
export type { Tag } from 'contracts/schemas/tags';
/** A node of GET /api/categories/tree. */
export type { CategoryNode } from 'contracts/schemas/categories';
