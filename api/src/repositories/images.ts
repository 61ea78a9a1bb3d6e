import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/schema';
import type { ImageItem } from 'contracts/schemas/images';

/** An image file as stored (the original or its thumbnail). */
export interface StoredFile {
  contentType: string;
  width: number | null;
  height: number | null;
  bytes: Buffer;
  etag: string;
}

/** An upload made ready to store (services/image-store). */
export interface ProcessedImage {
  original: StoredFile;
  thumb: StoredFile;
  /** The file name to keep: the client's base name, cleaned, with the extension of the real type. */
  fileName: string;
}

/** An image as the API answers it (spec: "an upload with file_thumbnail"). */
export type { ImageItem };

export interface ImageFile {
  contentType: string;
  size: number;
  etag: string;
  bytes: Buffer;
}

export const imageUrl = (id: number) => `/api/image/${id}`;
export const thumbUrl = (id: number) => `/api/image/${id}/thumb`;

interface ImageRow {
  id: number;
  file_name: string;
  file_thumbnail: string | null;
  description: string;
  stored: boolean;
}

/**
 * Images uploaded here are served from the database (/api/image/{id}); older rows (imported or
 * seeded) may carry an absolute URL in file_name / file_thumbnail instead, which is passed on.
 */
function toItem(row: ImageRow): ImageItem {
  const url = row.stored || !/^https?:\/\//.test(row.file_name) ? imageUrl(row.id) : row.file_name;
  const thumb = row.stored ? thumbUrl(row.id) : row.file_thumbnail || url;
  return { id: row.id, file_name: row.file_name, file_thumbnail: thumb, url, thumb_url: thumb, description: row.description };
}

function fileRow(imageId: number, kind: 'original' | 'thumb', file: StoredFile) {
  return {
    image_id: imageId,
    kind,
    content_type: file.contentType,
    width: file.width,
    height: file.height,
    size: file.bytes.length,
    etag: file.etag,
    // Sent as base64 text and decoded by the database: PGlite moves bytea parameters and results
    // ~20x slower than text (5.6 MB: 3.9 s → 0.2 s to insert, 1.1 s → 0.12 s to read).
    bytes: sql<Uint8Array>`decode(${file.bytes.toString('base64')}, 'base64')`,
  };
}

export const imagesRepository = {
  /** In the caller's transaction (the image row, its files and the activity entry: all or nothing). */
  async create(trx: Transaction<Database>, image: ProcessedImage, description: string, createdBy: number | null): Promise<ImageItem> {
    const row = await trx
      .insertInto('images')
      .values({ file_name: image.fileName, description, created_by: createdBy })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('images')
      .set({ file_thumbnail: thumbUrl(row.id) })
      .where('id', '=', row.id)
      .execute();
    await trx
      .insertInto('image_files')
      .values([fileRow(row.id, 'original', image.original), fileRow(row.id, 'thumb', image.thumb)])
      .execute();
    return toItem({ id: row.id, file_name: image.fileName, file_thumbnail: thumbUrl(row.id), description, stored: true });
  },

  async file(db: Db, id: number, kind: 'original' | 'thumb'): Promise<ImageFile | undefined> {
    const row = await db
      .selectFrom('image_files')
      .select(['content_type', 'size', 'etag', sql<string>`encode(bytes, 'base64')`.as('base64')])
      .where('image_id', '=', id)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row) return undefined;
    return { contentType: row.content_type, size: row.size, etag: row.etag, bytes: Buffer.from(row.base64, 'base64') };
  },

  /** The etag and whether the file is clean (answers If-None-Match without reading the bytes). */
  async etag(db: Db, id: number, kind: 'original' | 'thumb'): Promise<{ etag: string; cleaned: boolean } | undefined> {
    return db.selectFrom('image_files').select(['etag', 'cleaned']).where('image_id', '=', id).where('kind', '=', kind).executeTakeFirst();
  },

  /** Replaces a stored original by its cleaned version (services/image-store cleanStoredOriginal). */
  async replaceOriginal(db: Db, id: number, file: StoredFile): Promise<void> {
    const { bytes, ...row } = fileRow(id, 'original', file);
    await db
      .updateTable('image_files')
      .set({ content_type: row.content_type, width: row.width, height: row.height, size: row.size, etag: row.etag, bytes, cleaned: true })
      .where('image_id', '=', id)
      .where('kind', '=', 'original')
      .execute();
  },

  /** The images with these ids, in the order given (unknown ids left out). */
  async findMany(db: Db, ids: readonly number[]): Promise<ImageItem[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('images as i')
      .select([
        'i.id',
        'i.file_name',
        'i.file_thumbnail',
        'i.description',
        sql<boolean>`exists (select 1 from image_files f where f.image_id = i.id)`.as('stored'),
      ])
      .where('i.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, toItem(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** The images of an article, in their order. */
  async ofArticle(db: Db, articleId: number): Promise<ImageItem[]> {
    const links = await db
      .selectFrom('article_images')
      .select('image_id')
      .where('article_id', '=', articleId)
      .orderBy('ordering')
      .orderBy('image_id')
      .execute();
    return this.findMany(
      db,
      links.map((link) => link.image_id),
    );
  },
};
