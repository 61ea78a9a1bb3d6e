import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ApiError, fetchCategoryTree, searchAuthors, toast, type ToastEvent } from 'shared';
import {
  deleteArticle,
  fetchArticles,
  fetchCreators,
  submitArticle,
  updateArticleField,
  type ArticleListItem,
} from '../../features/article-list/api/articlesApi';
import { screens } from '../../routes';
// The screen's code is loaded up front (as the prefetch does in the browser): the loader's import of it is then at once.
import './PortalScreen';
import { setupUser } from 'shared/test/user';
import { categoryNode } from 'shared/test/fixtures';

jest.setTimeout(30_000);

jest.mock('../../features/article-list/api/articlesApi', () => ({
  fetchArticles: jest.fn(),
  updateArticleField: jest.fn(),
  submitArticle: jest.fn(),
  deleteArticle: jest.fn(),
  fetchCreators: jest.fn(),
}));

// The signed-in user's rights and id, set per test.
const mockRights = new Set<string>();
const mockUser = { id: 0 };
jest.mock('shared', () => {
  const actual = jest.requireActual('shared');
  return {
    ...actual,
    // shared's lookup clients: the category tree per test, the portal's countries, author suggestions.
    fetchCategoryTree: jest.fn(),
    fetchCountries: jest.fn(() => Promise.resolve([])),
    searchAuthors: jest.fn((term: string) =>
      Promise.resolve([
        { id: 4, name: `${term[0]?.toUpperCase()}${term.slice(1)} Author` },
        { id: 5, name: 'Smith Jones' },
      ]),
    ),
    useRight: (right: string) => mockRights.has(right),
    useSession: (select: (state: unknown) => unknown) =>
      select({ ...actual.session.getState(), user: { id: mockUser.id, username: 'u', name: 'U', email: null, roles: [] } }),
  };
});

const fetchMock = fetchArticles as jest.MockedFunction<typeof fetchArticles>;
const updateMock = updateArticleField as jest.MockedFunction<typeof updateArticleField>;
const submitMock = submitArticle as jest.MockedFunction<typeof submitArticle>;
const deleteMock = deleteArticle as jest.MockedFunction<typeof deleteArticle>;
const treeMock = fetchCategoryTree as jest.MockedFunction<typeof fetchCategoryTree>;
const creatorsMock = fetchCreators as jest.MockedFunction<typeof fetchCreators>;

const SUBMITTER = 3;
const article = (id: number, patch: Partial<ArticleListItem> = {}): ArticleListItem => ({
  id,
  title: `Article ${id}`,
  catid: 10,
  date: '2024-05-01 10:30:00',
  state: 1,
  access: 1,
  featured: 0,
  newsletter: 0,
  createdBy: SUBMITTER,
  author: `Author ${id}`,
  url: `https://news.test/${id}`,
  thumb: null,
  main_category: null,
  articleType: 'article',
  publish_up: null,
  publish_down: null,
  ...patch,
});

function renderPortal(initialUrl = '/articles') {
  const router = createMemoryRouter(
    [{ path: '/articles', loader: screens.portal.loader, Component: screens.portal.Component, HydrateFallback: () => null }],
    { initialEntries: [initialUrl] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const row = (id: number) => screen.getByText(`Article ${id}`).closest('tr') as HTMLElement;
/** An open select's option (other elements may carry the same title). */
const option = async (title: string) => {
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${title}"]`)).not.toBeNull());
  return document.querySelector(`.ant-select-item-option[title="${title}"]`) as HTMLElement;
};
const lastParams = () => fetchMock.mock.calls.at(-1)?.[0];
const change = { id: 1, state: 1, access: 1, featured: 1, newsletter: 0, version: 2, modified: '2024-05-01T10:30:00.000Z' };

let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  mockRights.clear();
  mockUser.id = SUBMITTER;
  for (const mock of [fetchMock, updateMock, submitMock, deleteMock, treeMock, creatorsMock]) mock.mockReset();
  fetchMock.mockResolvedValue({
    items: [
      article(12),
      article(11, { state: 5 }),
      article(10, { state: 5, createdBy: 99 }),
      article(9, { state: 4, access: 3, featured: 1, newsletter: 1 }),
      article(8, { state: -2, access: 2 }),
    ],
    total: 5,
  });
  updateMock.mockResolvedValue(change);
  submitMock.mockResolvedValue(change);
  deleteMock.mockResolvedValue(null);
  treeMock.mockResolvedValue([categoryNode(8, 'Root', 1, [categoryNode(10, 'News', 2)])]);
  creatorsMock.mockResolvedValue([{ id: 3, name: 'Sam Submitter' }]);
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
    expect(treeMock).toHaveBeenCalledTimes(1);
    expect(creatorsMock).toHaveBeenCalledTimes(1);
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
    await waitFor(() => expect(submitMock).toHaveBeenCalledWith(11));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', message: 'Article submitted' }));
    expect(screen.queryByTestId('article-summary')).toBeNull();
  });

  it('everyone sees the delete icon; delete asks first, then reloads', async () => {
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 12');
    await user.click(within(row(12)).getByRole('button', { name: 'Delete' }));
    expect(deleteMock).not.toHaveBeenCalled();
    const popover = (await screen.findByText('Move this article to the trash?')).closest('.ant-popover') as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteMock).toHaveBeenCalledWith(12));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
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

describe('article list as an editor', () => {
  beforeEach(() => {
    for (const right of ['view_all_articles', 'approve_article', 'set_access', 'feature_article', 'edit_all_articles']) {
      mockRights.add(right);
    }
    mockUser.id = 1;
  });

  it('toggles featured: the API is called and the list reloaded', async () => {
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 12');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await user.click(within(row(12)).getByRole('button', { name: 'Not featured: click to feature' }));
    await waitFor(() => expect(updateMock).toHaveBeenCalledWith(12, 'featured', 1));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await user.click(within(row(9)).getByRole('button', { name: 'Featured: click to unfeature' }));
    await waitFor(() => expect(updateMock).toHaveBeenLastCalledWith(9, 'featured', 0));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
  });

  it('toggles access 1 ↔ 2 and newsletter, never Premium; approves and submits from the status icon', async () => {
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 12');
    await user.click(within(row(12)).getByRole('button', { name: 'Public: click to make it Registered' }));
    await waitFor(() => expect(updateMock).toHaveBeenLastCalledWith(12, 'access', 2));
    await user.click(within(row(8)).getByRole('button', { name: 'Registered: click to make it Public' }));
    await waitFor(() => expect(updateMock).toHaveBeenLastCalledWith(8, 'access', 1));
    expect(within(row(9)).getByTestId('access-toggle').tagName).toBe('SPAN');
    await user.click(within(row(9)).getByRole('button', { name: 'In the newsletter: click to remove' }));
    await waitFor(() => expect(updateMock).toHaveBeenLastCalledWith(9, 'newsletter', 0));
    await user.click(within(row(12)).getByRole('button', { name: 'Approve (unpublish)' }));
    await waitFor(() => expect(updateMock).toHaveBeenLastCalledWith(12, 'state', 0));
    await user.click(within(row(9)).getByRole('button', { name: 'Approve (publish)' }));
    await waitFor(() => expect(updateMock).toHaveBeenLastCalledWith(9, 'state', 1));
    await user.click(within(row(10)).getByRole('button', { name: 'Click to submit' }));
    await waitFor(() => expect(submitMock).toHaveBeenCalledWith(10));
  });

  it('a refused change shows the server message as an error toast', async () => {
    updateMock.mockRejectedValue(new ApiError('Premium access cannot be changed', 409, 409));
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 12');
    await user.click(within(row(12)).getByRole('button', { name: 'Public: click to make it Registered' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', message: 'Premium access cannot be changed' })),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  // Many steps (six filters, an autocomplete with its 250 ms pause): more time than the default.
  it('shows the filter panel; a filter change resets the offset and goes into the URL', async () => {
    const user = setupUser();
    const router = renderPortal('/articles?limitStart=5');
    await screen.findByText('Article 12');
    expect(screen.getByTestId('article-filters')).toBeInTheDocument();
    expect(screen.getByText('All Categories')).toBeInTheDocument();
    expect(screen.getByText('All submitters')).toBeInTheDocument();
    expect(treeMock).toHaveBeenCalled();

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
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searchAuthors).not.toHaveBeenCalled();
    await user.type(author, 'ith{Enter}');
    await waitFor(() => expect(lastParams()).toMatchObject({ author: 'smith' }));
    await user.type(author, 's');
    await waitFor(() => expect(searchAuthors).toHaveBeenLastCalledWith('smiths', expect.any(AbortSignal)));
    await user.click(await option('Smith Jones'));
    await waitFor(() => expect(lastParams()).toMatchObject({ author: 'Smith Jones' }));

    await user.click(screen.getByRole('combobox', { name: 'Featured' }));
    await user.click(await option('Featured: Yes'));
    await waitFor(() => expect(lastParams()).toMatchObject({ featured: '1', limitStart: 0 }));
  }, 90_000);
});
