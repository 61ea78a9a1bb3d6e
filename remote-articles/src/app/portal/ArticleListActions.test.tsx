import { screen, waitFor, within } from '@testing-library/react';
import { toast, type ToastEvent } from 'shared';
import { categoryNode, signIn } from 'shared/test/fixtures';
import { fail, ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { setupUser } from 'shared/test/user';
import type { ArticleListItem } from '../../features/article-list/api/articlesApi';
import { listItem, renderPortal } from './listItemFixture';
// The screen's code is loaded up front (as the prefetch does in the browser): the loader's import of it is then at once.
import './PortalScreen';

jest.setTimeout(30_000);

// The portal against the stub server: the list, its changes and the lookups are answered at the network.
let server: StubServer;
/** Signs in through shared's real session as user `id` with these rights. */
const signInAs = (id: number, rights: string[]) =>
  signIn(server, 'tok-portal', rights, { id, username: `user${id}`, name: `User ${id}`, email: null, roles: [] });

const calls = (method: string, path: string) => server.callsTo(method, path);
const bodies = (path: string) => server.bodies('post', path);
const listCalls = () => calls('get', '/api/portal/articles');
const authorTerms = () => calls('get', '/api/v2/authors').map((call) => (call.params as { term: string }).term);

const SUBMITTER = 3;
const article = (id: number, patch: Partial<ArticleListItem> = {}): ArticleListItem => listItem(id, { createdBy: SUBMITTER, ...patch });

const row = (id: number) => screen.getByText(`Article ${id}`).closest('tr') as HTMLElement;
/** An open select's option (other elements may carry the same title). */
const option = async (title: string) => {
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${title}"]`)).not.toBeNull());
  return document.querySelector(`.ant-select-item-option[title="${title}"]`) as HTMLElement;
};
const lastParams = () => listCalls().at(-1)?.params;
const change = { id: 1, state: 1, access: 1, featured: 1, newsletter: 0, version: 2, modified: '2024-05-01T10:30:00.000Z' };

let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(async () => {
  server = setupStub();
  const items = [
    article(12),
    article(11, { state: 5 }),
    article(10, { state: 5, createdBy: 99 }),
    article(9, { state: 4, access: 3, featured: 1, newsletter: 1 }),
    article(8, { state: -2, access: 2 }),
  ];
  server
    .on('get', '/api/portal/articles', ok(items, { total: 5 }))
    .on('post', '/api/portal/article/update', ok(change))
    .on('post', '/api/portal/article/11/submit', ok(change))
    .on('post', '/api/portal/article/10/submit', ok(change))
    .on('post', '/api/portal/article/delete', ok(null))
    .on('get', '/api/categories/tree', ok([categoryNode(8, 'Root', 1, [categoryNode(10, 'News', 2)])]))
    .on('get', '/api/v2/portal/creators', ok([{ id: 3, name: 'Sam Submitter' }]))
    .on('get', '/api/v2/locations/countries', ok([]))
    .on('get', '/api/v2/authors', (config) => {
      const term = String((config.params as { term: string }).term);
      return ok([
        { id: 4, name: `${term[0]?.toUpperCase()}${term.slice(1)} Author` },
        { id: 5, name: 'Smith Jones' },
      ]);
    });
  await signInAs(SUBMITTER, []);
  toasts = [];
  unsubscribe = toast.subscribe((event) => toasts.push(event));
});
afterEach(() => unsubscribe());

describe('article list as a submitter (no rights)', () => {
  it('shows no filter panel and read-only featured, access and newsletter icons', async () => {
    renderPortal();
    await screen.findByText('Article 12');
    expect(screen.queryByTestId('article-filters')).toBeNull();
    // The loader reads the lookups once for the whole portal (spec section 2), the panel asks nothing more.
    expect(calls('get', '/api/categories/tree')).toHaveLength(1);
    expect(calls('get', '/api/v2/portal/creators')).toHaveLength(1);
    expect(screen.queryByRole('combobox', { name: 'Per page' })).toBeNull();
    for (const id of [12, 9]) {
      for (const testId of ['featured-toggle', 'access-toggle', 'newsletter-toggle']) {
        expect(within(row(id)).getByTestId(testId).tagName).toBe('SPAN');
      }
    }
    expect(within(row(9)).getByRole('img', { name: 'Featured' })).toBeInTheDocument();
    expect(within(row(12)).getByRole('img', { name: 'Not featured' })).toBeInTheDocument();
    expect(within(row(9)).getByRole('img', { name: 'Premium' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /click to feature/ })).toBeNull();
  });

  it('can submit an own draft only; other states show only the icon', async () => {
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 12');
    expect(within(row(10)).queryByTestId('status-action')).toBeNull();
    expect(within(row(12)).queryByTestId('status-action')).toBeNull();
    expect(within(row(9)).queryByTestId('status-action')).toBeNull();

    await user.click(within(row(11)).getByRole('button', { name: 'Click to submit' }));
    await waitFor(() => expect(calls('post', '/api/portal/article/11/submit')).toHaveLength(1));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', message: 'Article submitted' }));
    expect(screen.queryByTestId('article-summary')).toBeNull();
  });

  it('everyone sees the delete icon; delete asks first, then reloads', async () => {
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 12');
    await user.click(within(row(12)).getByRole('button', { name: 'Delete' }));
    const popover = (await screen.findByText('Move this article to the trash?')).closest('.ant-popover') as HTMLElement;
    // Asking first: nothing is sent until the confirm.
    expect(calls('post', '/api/portal/article/delete')).toHaveLength(0);
    await user.click(within(popover).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodies('/api/portal/article/delete')).toEqual([{ id: 12 }]));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    // The row is not selected by clicks on its actions.
    expect(screen.queryByTestId('article-summary')).toBeNull();
  });

  it('a trashed article is deleted permanently, after its own confirm', async () => {
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 8');
    await user.click(within(row(8)).getByRole('button', { name: 'Delete permanently' }));
    expect(
      await screen.findByText(/Delete permanently\? The article is in the trash; deleting it again removes it for good/),
    ).toBeInTheDocument();
  });
});

describe('the trash, for every user', () => {
  beforeEach(() => {
    const trashed = article(8, { state: -2, access: 2 });
    server
      .on('get', '/api/portal/articles', (config) =>
        (config.params as { status?: string }).status === '-2'
          ? ok([trashed], { total: 1, trash_total: 1 })
          : ok([article(12), article(11, { state: 5 })], { total: 2, trash_total: 1 }),
      )
      // The server answers with the state the article came back in (here the one it had before the trash).
      .on('post', '/api/portal/article/restore', ok({ ...change, id: 8, state: 1 }));
  });

  it('a submitter opens "Trash (n)" (the count from the list answer), sees their trash, restores: the toast says the state it is in now', async () => {
    const user = setupUser();
    const router = renderPortal();
    await screen.findByText('Article 12');
    expect(screen.queryByText('Article 8')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Trash \(1\)/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=-2'));
    await waitFor(() => expect(lastParams()).toMatchObject({ status: '-2', limitStart: 0 }));
    expect(await screen.findByText('Article 8')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Trash: your deleted articles' })).toBeInTheDocument();

    await user.click(within(row(8)).getByRole('button', { name: 'Restore from the trash' }));
    await waitFor(() => expect(bodies('/api/portal/article/restore')).toEqual([{ id: 8 }]));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', message: 'Article restored: it is Published now' })),
    );

    await user.click(screen.getByRole('button', { name: 'Back to the articles' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('button', { name: /Trash \(1\)/ })).toBeInTheDocument();
  }, 90_000);
});

describe('article list as an editor', () => {
  beforeEach(() => signInAs(1, ['view_all_articles', 'approve_article', 'set_access', 'feature_article', 'edit_all_articles']));
  const lastUpdate = () => bodies('/api/portal/article/update').at(-1);

  it('toggles featured: the API is called and the list reloaded', async () => {
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 12');
    expect(listCalls()).toHaveLength(1);
    await user.click(within(row(12)).getByRole('button', { name: 'Not featured: click to feature' }));
    await waitFor(() => expect(lastUpdate()).toEqual({ id: 12, field: 'featured', value: 1 }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    await user.click(within(row(9)).getByRole('button', { name: 'Featured: click to unfeature' }));
    await waitFor(() => expect(lastUpdate()).toEqual({ id: 9, field: 'featured', value: 0 }));
    await waitFor(() => expect(listCalls()).toHaveLength(3));
  });

  it('toggles access 1 ↔ 2 and newsletter, never Premium; approves and submits from the status icon', async () => {
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 12');
    await user.click(within(row(12)).getByRole('button', { name: 'Public: click to make it Registered' }));
    await waitFor(() => expect(lastUpdate()).toEqual({ id: 12, field: 'access', value: 2 }));
    await user.click(within(row(8)).getByRole('button', { name: 'Registered: click to make it Public' }));
    await waitFor(() => expect(lastUpdate()).toEqual({ id: 8, field: 'access', value: 1 }));
    expect(within(row(9)).getByTestId('access-toggle').tagName).toBe('SPAN');
    await user.click(within(row(9)).getByRole('button', { name: 'In the newsletter: click to remove' }));
    await waitFor(() => expect(lastUpdate()).toEqual({ id: 9, field: 'newsletter', value: 0 }));
    await user.click(within(row(12)).getByRole('button', { name: 'Approve (unpublish)' }));
    await waitFor(() => expect(lastUpdate()).toEqual({ id: 12, field: 'state', value: 0 }));
    await user.click(within(row(9)).getByRole('button', { name: 'Approve (publish)' }));
    await waitFor(() => expect(lastUpdate()).toEqual({ id: 9, field: 'state', value: 1 }));
    await user.click(within(row(10)).getByRole('button', { name: 'Click to submit' }));
    await waitFor(() => expect(calls('post', '/api/portal/article/10/submit')).toHaveLength(1));
  });

  it('a refused change shows the server message as an error toast', async () => {
    server.on('post', '/api/portal/article/update', fail(409, 'Premium access cannot be changed'));
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 12');
    await user.click(within(row(12)).getByRole('button', { name: 'Public: click to make it Registered' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', message: 'Premium access cannot be changed' })),
    );
    expect(listCalls()).toHaveLength(1);
  });

  // Many steps (six filters, an autocomplete with its 250 ms pause): more time than the default.
  it('shows the filter panel; a filter change resets the offset and goes into the URL', async () => {
    const user = setupUser();
    const router = renderPortal('/articles?limitStart=5');
    await screen.findByText('Article 12');
    expect(screen.getByTestId('article-filters')).toBeInTheDocument();
    expect(screen.getByText('All Categories')).toBeInTheDocument();
    expect(screen.getByText('All submitters')).toBeInTheDocument();
    expect(calls('get', '/api/categories/tree')).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await option('Awaiting approval'));
    await waitFor(() => expect(lastParams()).toMatchObject({ status: '4', limitStart: 0 }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=4'));

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await option('News'));
    await waitFor(() => expect(lastParams()).toMatchObject({ status: '4', category: '10' }));

    await user.click(screen.getByRole('combobox', { name: 'Submitter' }));
    await user.click(await option('Sam Submitter'));
    await waitFor(() => expect(lastParams()).toMatchObject({ user: '3' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'budget');
    expect(lastParams()).not.toHaveProperty('search');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '{Enter}');
    await waitFor(() => expect(lastParams()).toMatchObject({ search: 'budget' }));

    // The author box suggests names from 3 characters (GET /api/v2/authors?term=); Enter applies the
    // text as typed, picking a suggestion applies that name.
    const author = screen.getByRole('combobox', { name: 'Author' });
    await user.type(author, 'sm');
    await user.type(author, 'ith{Enter}');
    await waitFor(() => expect(lastParams()).toMatchObject({ author: 'smith' }));
    await user.type(author, 's');
    await waitFor(() => expect(authorTerms().at(-1)).toBe('smiths'));
    // Suggestions start at 3 characters (model/authorSuggest): 's' and 'sm' were never asked for.
    expect(authorTerms().filter((term) => term.length < 3)).toEqual([]);
    await user.click(await option('Smith Jones'));
    await waitFor(() => expect(lastParams()).toMatchObject({ author: 'Smith Jones' }));

    await user.click(screen.getByRole('combobox', { name: 'Featured' }));
    await user.click(await option('Featured: Yes'));
    await waitFor(() => expect(lastParams()).toMatchObject({ featured: '1', limitStart: 0 }));
  }, 90_000);
});
