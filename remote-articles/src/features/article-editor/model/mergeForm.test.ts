import { articleEdit, revisionContent } from 'contracts/testing/fixtures';
import type { ArticleEdit } from './types';
import { articleToForm } from './formMapping';
import { compareAs, MERGE_FIELDS, mergeForm, revisionAsArticle } from './mergeForm';

const image = { id: 3, file_name: 'a.png', file_thumbnail: '/t', url: '/api/image/3', thumb_url: '/t', description: 'Crowd at the pier' };
const base = revisionContent();
/** The article as the revision `content` left it, as GET /api/portal/article gives it (version 4). */
const article = (patch: Partial<ArticleEdit> = {}): ArticleEdit =>
  articleEdit({
    ...base,
    id: 9,
    version: 4,
    references_at_source: '0',
    use_source_link: '0',
    videos_at_source: '0',
    images: [image],
    authors: [{ id: 2, name: 'Kim Reporter' }],
    ads: [],
    ...patch,
  });

describe('mergeForm', () => {
  it('decides every field of the form but the id and the version', () => {
    const keys = Object.keys(articleToForm(article())).filter((key) => key !== 'id' && key !== 'version');
    expect([...MERGE_FIELDS].sort()).toEqual(keys.sort());
  });

  it('reads a revision as the same form as the article it was saved from (no false changes)', () => {
    const now = article({ version: 6 });
    expect({ ...articleToForm(revisionAsArticle(base, now), base.topics), version: 6 }).toEqual(articleToForm(now));
  });

  it('takes their changes where I changed nothing, keeps mine where they changed nothing, and saves against their version', () => {
    const mine = { ...articleToForm(article()), notes: 'My note', featured: true };
    const result = mergeForm(mine, { base_version: 4, base, theirs: article({ version: 7, title: 'Their title', tags: [] }) });
    expect(result.conflicts).toEqual([]);
    expect(result.values).toMatchObject({ version: 7, title: 'Their title', tags: [], notes: 'My note', featured: true });
    expect(result.decisions).toMatchObject({ title: 'theirs', tags: 'theirs', notes: 'mine', featured: 'mine', text: 'same' });
  });

  it('merges the text word by word when both changed different paragraphs', () => {
    const mine = { ...articleToForm(article()), text: '<p>First paragraph, mine.</p><p>Second &amp; last.</p>' };
    const result = mergeForm(mine, {
      base_version: 4,
      base,
      theirs: article({ version: 5, text: '<p>First paragraph.</p><p>Second &amp; theirs.</p>' }),
    });
    expect(result.conflicts).toEqual([]);
    expect(result.values.text).toBe('<p>First paragraph, mine.</p><p>Second &amp; theirs.</p>');
  });

  it('leaves the same words changed on both sides, and different values, to the user', () => {
    const mine = { ...articleToForm(article()), text: '<p>First words.</p><p>Second &amp; last.</p>', access: 3 };
    const result = mergeForm(mine, {
      base_version: 4,
      base,
      theirs: article({ version: 5, text: '<p>First lines.</p><p>Second &amp; last.</p>', access: 1 }),
    });
    expect(result.conflicts.map((conflict) => conflict.field)).toEqual(['text', 'access']);
    expect(result.conflicts[0]).toMatchObject({
      mine: '<p>First words.</p><p>Second &amp; last.</p>',
      theirs: '<p>First lines.</p><p>Second &amp; last.</p>',
    });
    expect(result.values.version).toBe(5);
  });

  it('without the opened version, shows every difference', () => {
    const mine = { ...articleToForm(article()), notes: 'Mine' };
    const result = mergeForm(mine, { base_version: 4, base: null, theirs: article({ version: 5, title: 'Theirs' }) });
    expect(result.conflicts.map((conflict) => conflict.field)).toEqual(['title', 'notes']);
  });

  it('compares lists by their ids (images with their captions) and dates by their instant', () => {
    expect(compareAs('tags', [{ id: 1, title: 'A' }])).toEqual([1]);
    expect(compareAs('images', [image])).toEqual([[3, 'Crowd at the pier']]);
    expect(compareAs('date', '2026-11-20T08:30:00.000Z')).toEqual(compareAs('date', '2026-11-20T08:30:00+00:00'));
    expect(compareAs('title', 'x')).toBe('x');
  });
});
