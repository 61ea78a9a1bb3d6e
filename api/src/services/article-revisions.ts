/**
 * Revision history, free of HTTP:
 * - `recordRevisions` (repositories/article-revisions.ts): the article save paths (the editor's save, the list's changes, a restore) call it in
 *   the save's transaction, after the write, so a revision exists exactly when the save committed;
 *   REVISIONS_KEEP (`keep`, 0 = all) caps what each article keeps. Import creation writes its revisions
 *   in the statement that inserts the articles (repositories/import-articles.ts: a 10,000-item import
 *   stays set-based and reads nothing twice); a new article's one revision is never over the cap.
 * - the History calls: list, one, restore, with the rights of editing the article (owner or
 *   edit_all_articles, contracts/rules/article-state mayEdit). A restore is a save of the revision's
 *   content through the editor's save workflow (form rules, edit lock, version: a stale one is 409),
 *   and so is itself a revision.
 */
import type { Revision, RevisionContent, RevisionSummary } from 'contracts/schemas/revisions';
import { mayHaveFlag, type ArticleFlags } from 'contracts/rules/article-flags';
import { mayEdit, STATE, type Actor } from 'contracts/rules/article-state';
import { actorOnArticle, outsideScope } from './article-scope';
import { orderFields, revisionSummary } from 'contracts/rules/revision-diff';
import type { DbRoot } from '../db/schema';
import { decodeArticleForm, type ArticleForm } from 'contracts/schemas/article-form';
import { decoded, httpError } from '../lib/http-error';
import { articleRevisionsRepository, type RevisionRow } from '../repositories/article-revisions';
import { articlesRepository } from '../repositories/articles';
import type { ArticleEditorService } from './article-editor';

function summaryOf(row: RevisionRow): RevisionSummary {
  const changed = row.changed === null ? null : orderFields(row.changed);
  return {
    id: row.id,
    article_id: row.article_id,
    version: row.version,
    created: new Date(row.created).toISOString(),
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
    source: row.source,
    restored_from: row.restored_from,
    restored_version: row.restored_version,
    changed,
    summary: revisionSummary(
      { source: row.source, changed, restored_from: row.restored_from, restored_version: row.restored_version },
      'en',
    ),
  };
}

/** The editor's form (a JSON body parseArticleForm reads) for a revision's content, at the version the user has open. */
export function formBodyOf(articleId: number, version: number, content: RevisionContent): Record<string, unknown> {
  return {
    id: articleId,
    version,
    copy: '0',
    title: content.title,
    date: content.date,
    catid: content.catid ?? '',
    access: content.access,
    featured: content.featured,
    newsletter: content.newsletter,
    text: content.text,
    introtext: content.introtext,
    notes: content.notes,
    main_image: content.main_image ?? '',
    images: content.images,
    references_at_source: String(content.references_at_source),
    use_source_link: String(content.use_source_link),
    videos_at_source: String(content.videos_at_source),
    reference_source: content.reference_source,
    reference_date: content.reference_date,
    reference_url: content.reference_url,
    topics: content.topics,
    main_category_id: content.main_category_id ?? '',
    tags: content.tags.map((tag) => tag.id),
    authors: content.authors.map((author) => author.id),
    ads: content.ads.map((ad) => ad.id),
    videos: content.videos.map((video) => video.id),
    event: content.event,
    location: content.location,
    publish_up: content.publish_up,
    publish_down: content.publish_down,
  };
}

/**
 * The flags the user may not change keep their stored values, as in the editor (whose controls for
 * them are read-only): restoring brings back what the user could have saved themselves.
 */
function keepForbiddenFlags(content: RevisionContent, stored: ArticleFlags, actor: Actor): RevisionContent {
  const result = { ...content };
  for (const flag of ['access', 'featured', 'newsletter'] as const) {
    if (!mayHaveFlag(flag, content[flag], 'save', stored, actor.rights)) result[flag] = stored[flag];
  }
  return result;
}

/** The revision as the editor's form, checked by the form rules: one the rules refuse (e.g. an imported article without an image) is a 400 with the form's code. */
function revisionForm(articleId: number, version: number, content: RevisionContent): ArticleForm {
  return decoded(() => decodeArticleForm(formBodyOf(articleId, version, content)));
}

export function articleRevisionsService(db: DbRoot, options: { editor: ArticleEditorService }) {
  const { editor } = options;

  /** The article (404) the caller may edit (403). */
  async function editable(actor: Actor, articleId: number) {
    const article = await articlesRepository.find(db, articleId);
    if (!article) throw httpError(404, 'article_not_found', { id: articleId });
    if (!mayEdit(article, actor)) throw httpError(403, 'article_not_yours');
    // Editable somewhere but not where the article lies (scoped roles): outside the user's desks.
    const scoped = await actorOnArticle(db, actor, articleId);
    if (!mayEdit(article, scoped)) throw outsideScope();
    return { article, scoped };
  }

  async function revisionOf(articleId: number, revisionId: number) {
    const revision = await articleRevisionsRepository.find(db, articleId, revisionId);
    if (!revision) throw httpError(404, 'revision_not_found', { id: revisionId, article: articleId });
    return revision;
  }

  return {
    async list(
      actor: Actor,
      articleId: number,
      page: { limit: number; offset: number },
    ): Promise<{ items: RevisionSummary[]; total: number }> {
      await editable(actor, articleId);
      const { items, total } = await articleRevisionsRepository.list(db, articleId, page);
      return { items: items.map(summaryOf), total };
    },

    async one(actor: Actor, articleId: number, revisionId: number): Promise<Revision> {
      await editable(actor, articleId);
      const revision = await revisionOf(articleId, revisionId);
      return { ...summaryOf(revision), content: revision.content };
    },

    /** Saves the revision's content as the article's next version (`version`: the one the user has open). */
    async restore(
      actor: Actor,
      articleId: number,
      revisionId: number,
      version: number,
      now: Date,
    ): Promise<{ id: number; version: number; revision: number }> {
      const { article, scoped } = await editable(actor, articleId);
      // Bringing content back into a trashed article would hide it there: it comes out of the trash first (restore).
      if (article.state === STATE.TRASH) throw httpError(409, 'revision_restore_trashed');
      const revision = await revisionOf(articleId, revisionId);
      const form = revisionForm(articleId, version, keepForbiddenFlags(revision.content, article, scoped));
      const saved = await editor.save(actor, form, now, { source: 'restore', restoredFrom: revisionId, restoredVersion: revision.version });
      return { id: saved.id, version: saved.version, revision: saved.revision };
    },
  };
}

export type ArticleRevisionsService = ReturnType<typeof articleRevisionsService>;
