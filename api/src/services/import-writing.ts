/** A real run's writing: each group's new articles, their own images fetched first, in the run's transaction. */
import type { Transaction } from 'kysely';
import { NEW_ARTICLE_FLAGS } from 'contracts/rules/article-flags';
import type { RunItem, RunItemFailure } from 'contracts/schemas/importers';
import type { Database } from '../db/schema';
import type { RecordedImportError } from '../import/engine/errors';
import { itemImageStore } from '../import/engine/item-images';
import { resolveRefs, seenKeys, writeArticles, type ArticleToWrite, type ResolvedRefs } from '../repositories/import-articles';
import type { RunCounts } from '../repositories/import-runs';
import { flatKeys, freshIndexes, mapFresh, runItem, type NewArticle, type OpenedFeed } from './import-feed';
import { imageSettings, type EngineSettings, type RunnableImporter } from './import-run-options';

/** A group's articles ready to write: each item's own image fetched and stored (or why not). */
interface ImagedBatch {
  articles: Array<{ draft: ArticleToWrite; keys: string[] }>;
  imageErrors: Array<RecordedImportError | undefined>;
}

export async function storeItemImages(batch: NewArticle[], images: ReturnType<typeof itemImageStore>): Promise<ImagedBatch> {
  const stored = await Promise.all(batch.map(({ draft }) => (draft.image.kind === 'remote' ? images.store(draft.image.url) : null)));
  return {
    articles: batch.map(({ draft, keys }, index) => {
      const image = stored[index];
      if (!image) return { draft: { ...draft, image: draft.image.kind === 'custom' ? { kind: 'custom' } : { kind: 'none' } }, keys };
      return { draft: { ...draft, image: image.kind === 'stored' ? { kind: 'stored', id: image.id } : { kind: 'none' } }, keys };
    }),
    imageErrors: stored.map((image) => (image?.kind === 'failed' ? image.error : undefined)),
  };
}

/**
 * A real run's reading and writing, in the run's one transaction, pipelined by group: while the
 * database writes group k, the reader (another thread) maps group k+1 and parses group k+2. The
 * dedupe lookup of a group is sent before the previous group's write, so it does not wait for it.
 * The items' images are fetched meanwhile (a few at a time); a group's write waits for its images.
 * Writes run one after another.
 */
export async function importGroups(
  trx: Transaction<Database>,
  importer: RunnableImporter,
  feed: OpenedFeed,
  settings: EngineSettings,
  counts: RunCounts,
): Promise<{ items: RunItem[]; failures: RunItemFailure[]; waited: number; writing: number }> {
  const refs: ResolvedRefs = await resolveRefs(trx, feed.defaults);
  const images = itemImageStore(trx, imageSettings(settings), { caption: feed.defaults.imageCaption, createdBy: refs.userId });
  const seen = new Set<string>();
  const items: RunItem[] = [];
  const failures: RunItemFailure[] = [];
  let waited = 0;
  let writingMs = 0;
  let writing: Promise<void> = Promise.resolve();
  let writeError: unknown = null;
  const wait = async <T>(work: Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work;
    } finally {
      waited += performance.now() - started;
    }
  };
  try {
    let keys = await feed.reader.next();
    let known = keys ? await wait(seenKeys(trx, importer.id, flatKeys(keys))) : null;
    while (keys && known && writeError === null) {
      const offset = counts.seen;
      counts.seen += keys.length;
      const fresh = freshIndexes(keys, known, seen, counts);
      // The reader maps this group and then parses the next one, in that order.
      const mapped = mapFresh(feed, { keys, fresh, offset }, counts, failures, importer.id);
      const following = feed.reader.next();
      mapped.catch(() => undefined);
      following.catch(() => undefined);
      const batch = await mapped;
      const imaged = storeItemImages(batch, images);
      imaged.catch(() => undefined);
      keys = await following;
      // Sent before this group's write: the lookup only waits for the write already going.
      const nextKnown = keys ? seenKeys(trx, importer.id, flatKeys(keys)) : null;
      nextKnown?.catch(() => undefined);
      writing = writing.then(async () => {
        if (batch.length === 0) return;
        const { articles, imageErrors } = await imaged;
        const started = performance.now();
        const written = await writeArticles(trx, importer.id, articles, refs, {
          publicUrl: settings.publicUrl,
          imageCaption: feed.defaults.imageCaption,
          flags: NEW_ARTICLE_FLAGS,
        });
        writingMs += performance.now() - started;
        written.forEach((w, index) => items.push(runItem(importer, batch[index]!.draft, w, imageErrors[index])));
      });
      writing.catch((error: unknown) => {
        writeError ??= error;
      });
      known = nextKnown ? await wait(nextKnown) : null;
    }
    await wait(writing);
  } finally {
    // Whatever ends the loop, no write may still be going when the transaction ends.
    await writing.catch(() => undefined);
  }
  return { items, failures, waited, writing: writingMs };
}
