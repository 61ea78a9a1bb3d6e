/**
 * The editor's lookups that users write (authors, tags), each change recorded in the activity log
 * in its transaction (services/activity.ts). The routes parse and check the input.
 */
import { diffFields } from 'contracts/rules/activity';
import type { DbRoot } from '../db/schema';
import { authorsRepository, type AuthorChange, type AuthorUpdate } from '../repositories/authors';
import { imagesRepository, type ProcessedImage } from '../repositories/images';
import { tagsRepository, type TagItem } from '../repositories/tags';
import type { AuthorRef } from 'contracts/schemas/authors';
import { recordActivity } from './activity';

const AUTHOR_FIELDS = ['name', 'position', 'bio', 'image'] as const;

export function editorLookupsService(db: DbRoot) {
  return {
    async createAuthor(actorId: number, name: string): Promise<AuthorRef> {
      return db.transaction().execute(async (trx) => {
        const author = await authorsRepository.create(trx, name);
        await recordActivity(trx, {
          actorId,
          entity: 'author',
          entityId: author.id,
          action: 'create',
          changes: { name: { from: null, to: name } },
        });
        return author;
      });
    },

    /** Only the fields in `change` are written; a stale version changes (and records) nothing. */
    async updateAuthor(actorId: number, id: number, version: number, change: Partial<AuthorChange>): Promise<AuthorUpdate> {
      return db.transaction().execute(async (trx) => {
        const before = await authorsRepository.find(trx, id);
        const result = await authorsRepository.update(trx, id, version, change);
        if (result.ok) {
          const changes = diffFields(before ?? null, result.author, AUTHOR_FIELDS);
          if (Object.keys(changes).length > 0)
            await recordActivity(trx, { actorId, entity: 'author', entityId: id, action: 'update', changes });
        }
        return result;
      });
    },

    async uploadImage(actorId: number, image: ProcessedImage, description: string) {
      return db.transaction().execute(async (trx) => {
        const item = await imagesRepository.create(trx, image, description, actorId);
        await recordActivity(trx, {
          actorId,
          entity: 'image',
          entityId: item.id,
          action: 'create',
          changes: diffFields(null, { file_name: item.file_name, description }, ['file_name', 'description']),
        });
        return item;
      });
    },

    /** The tags of these titles, the new ones created (and recorded). */
    async findOrCreateTags(actorId: number, titles: readonly string[]): Promise<TagItem[]> {
      return db.transaction().execute(async (trx) => {
        const tags: TagItem[] = [];
        for (const title of titles) {
          const { tag, created } = await tagsRepository.findOrCreate(trx, title);
          if (created) {
            await recordActivity(trx, {
              actorId,
              entity: 'tag',
              entityId: tag.id,
              action: 'create',
              changes: { title: { from: null, to: tag.title } },
            });
          }
          tags.push(tag);
        }
        return tags;
      });
    },
  };
}
