// The English messages the API sends for the article state rule's refusals
// (contracts/rules/article-state gives the code and parameters, the catalogue the words).
import { planUpdate, transition, type Actor, type ArticleFacts } from 'contracts/rules/article-state';
import { apiErrorMessage } from '../src/lib/api-errors';

const approver: Actor = { id: 7, rights: ['create_article', 'view_all_articles', 'approve_article', 'set_access'] };
const article = (state: number, extra: Partial<ArticleFacts> = {}): ArticleFacts => ({
  id: 42,
  state,
  createdBy: 8,
  access: 2,
  featured: 0,
  newsletter: 0,
  ...extra,
});

function messageOf(result: ReturnType<typeof planUpdate> | ReturnType<typeof transition>): string {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
  return apiErrorMessage(result.code, result.params);
}

describe('article state refusals, as the API words them', () => {
  it.each([
    [
      "The article's access is Premium (3); it is changed in the editor, not toggled",
      planUpdate(article(1, { access: 3 }), 'access', 1, approver),
    ],
    [
      'value for access must be 1 (Public) or 2 (Registered); Premium (3) is set in the editor',
      planUpdate(article(1), 'access', 3, approver),
    ],
    [
      'Only a published or scheduled article can be unpublished; this article is Awaiting approval (4)',
      planUpdate(article(4), 'state', 0, approver),
    ],
    ['You do not have the right to feature articles', planUpdate(article(1), 'featured', 1, approver)],
    ['You can only change your own articles', planUpdate(article(1), 'newsletter', 1, { id: 7, rights: ['create_article'] })],
    ['value for state must be 0 or 1 (approve), 4 (submit) or -2 (trash)', planUpdate(article(1), 'state', 7, approver)],
    ['Save the article before submitting it (id 0 is a new article)', transition({ ...article(5), id: 0 }, 'submit', approver)],
  ])('%s', (message, result) => {
    expect(messageOf(result)).toBe(message);
  });
});
