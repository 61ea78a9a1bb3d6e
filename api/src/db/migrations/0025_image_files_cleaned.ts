import { sql, type Kysely } from 'kysely';

/**
 * Originals stored before images were written anew on upload (services/image-store.ts) still carry
 * the uploader's metadata (GPS position, camera). `image_files.cleaned` marks the files that are
 * clean: false for those originals, true for thumbnails (always made without metadata) and, by
 * default, for every file stored from now on. An original still marked false is cleaned the first
 * time it is served (routes/images), so no such file is ever sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table image_files add column cleaned boolean not null default false`.execute(db);
  await sql`update image_files set cleaned = true where kind = 'thumb'`.execute(db);
  await sql`alter table image_files alter column cleaned set default true`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table image_files drop column cleaned`.execute(db);
}
