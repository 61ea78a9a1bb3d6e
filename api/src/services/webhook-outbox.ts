/**
 * What changes put in the webhook outbox: written in the transaction of the change (the repository's
 * `enqueue`), so only committed changes are ever sent.
 */
import { articleEventsOf, type ImportFailedData } from 'contracts/rules/webhooks';
import type { ActivityAction, ActivityChanges } from 'contracts/rules/activity';
import type { Db } from '../db/schema';
import { webhooksRepository } from '../repositories/webhooks';

/** The actions on an article that can publish, unpublish or update it (a stage move on a desk does neither). */
const ARTICLE_WRITES: readonly ActivityAction[] = ['create', 'update', 'delete', 'purge', 'restore', 'restore_revision', 'submit'];

function stateOf(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

/** The events of a change of an article as its activity entry records it (in the change's transaction). */
export async function queueArticleEvents(trx: Db, articleId: number, action: ActivityAction, changes: ActivityChanges): Promise<void> {
  if (!ARTICLE_WRITES.includes(action)) return;
  const changed = Object.keys(changes).length > 0;
  if (!changed) return;
  const article = await webhooksRepository.articleOf(trx, articleId);
  const stateChange = changes.state;
  const after = stateChange ? stateOf(stateChange.to) : (article?.state ?? null);
  const before = stateChange ? stateOf(stateChange.from) : after;
  const events = articleEventsOf(before, article ? after : null, changed);
  for (const type of events) {
    const data = article ?? { id: articleId, title: '', state: after, version: null };
    await webhooksRepository.enqueue(trx, type, { ...data, changed: Object.keys(changes) });
  }
}

/** An import run that ended in an error (in the transaction that records the error). */
export function queueImportFailed(trx: Db, data: ImportFailedData): Promise<void> {
  return webhooksRepository.enqueue(trx, 'import.failed', { ...data });
}
