/**
 * Bulk actions of the article list: one action on several articles, each done as
 * the list's own single-article change (articleChangesService: its lock, its rules, its own
 * transaction, and whatever that service records), so a bulk action allows and refuses per row
 * exactly what the row's own icon would. A refused row changes nothing and does not stop the others.
 */
import type { DbRoot } from '../db/schema';
import type { Actor } from 'contracts/rules/article-state';
import { bulkChange, type BulkAction } from 'contracts/rules/bulk-actions';
import type { BulkArticlesResponse, BulkResult } from 'contracts/schemas/bulk';
import { HttpError } from '../lib/http-error';
import type { ArticleRecord } from '../repositories/articles';
import { ArticleChangesService } from './article-changes';

/** The article as the list's change calls answer it (without its owner). */
function changeOf(record: ArticleRecord): NonNullable<BulkResult['article']> {
  const { createdBy: _createdBy, trashedFrom: _trashedFrom, ...rest } = record;
  return rest;
}

/** A refusal of the rules (or an unknown id) as a row's result; anything else is unexpected and fails the call. */
function refusal(id: number, error: unknown): BulkResult {
  if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  const { params } = error;
  return { id, outcome: 'refused', status: error.statusCode, error: error.code, ...(params ? { params } : {}) };
}

export function articleBulkService(db: DbRoot) {
  const changes = new ArticleChangesService(db);

  async function one(actor: Actor, id: number, action: BulkAction): Promise<BulkResult> {
    const change = bulkChange(action);
    try {
      if (change.kind === 'restore') {
        return { id, outcome: 'done', article: changeOf(await changes.restore(actor, id)) };
      }
      const { record, changed } = await changes.setField(actor, id, change.field, change.value);
      return { id, outcome: changed ? 'done' : 'unchanged', article: changeOf(record) };
    } catch (error) {
      return refusal(id, error);
    }
  }

  return {
    /** Runs `action` on each id in turn (ids are distinct: the schema says so). */
    async run(actor: Actor, ids: readonly number[], action: BulkAction): Promise<BulkArticlesResponse> {
      const results: BulkResult[] = [];
      for (const id of ids) results.push(await one(actor, id, action));
      const count = (outcome: BulkResult['outcome']) => results.filter((result) => result.outcome === outcome).length;
      return { action, results, done: count('done'), unchanged: count('unchanged'), refused: count('refused') };
    },
  };
}
