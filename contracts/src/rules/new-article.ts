/**
 * A new article as the editor opens it (GET /api/portal/article?id=0, spec section 3 "Article edit"):
 * empty, a draft (state 5) for registered readers (access 2), at version 0, owned by the user opening it.
 * The API answers with it; tests that need a valid article start from it (contracts/testing/fixtures).
 */
import type { ArticleEdit } from '../schemas/article';

export function newArticle(userId: number, userName: string, now: Date): ArticleEdit {
  return {
    id: 0,
    title: '',
    date: now.toISOString(),
    catid: null,
    state: 5,
    access: 2,
    featured: 0,
    newsletter: 0,
    text: '',
    introtext: '',
    notes: '',
    main_image: null,
    images: [],
    references_at_source: '0',
    use_source_link: '0',
    videos_at_source: '0',
    reference_source: '',
    reference_date: '',
    reference_url: '',
    topics: [],
    tags: [],
    event: null,
    location: null,
    publish_up: '',
    publish_down: '',
    authors: [],
    main_category_id: null,
    ads: [],
    videos: [],
    version: 0,
    submitter: userName,
    created_by: userId,
    url: '',
  };
}
