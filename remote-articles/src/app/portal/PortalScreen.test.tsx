import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'shared';
import { categoryNode, EDITOR, signIn } from 'shared/test/fixtures';
import { deferred, fail, ok, setupStub, type StubReply, type StubServer } from 'shared/test/stubServer';
import { setupUser } from 'shared/test/user';
import type { ArticleListItem } from '../../features/article-list/api/articlesApi';
import { listItem } from './listItemFixture';
import { screens } from '../../routes';
// The screen's code is loaded up front (as the prefetch does in the browser): the loader's import of it is then at once.
import './PortalScreen';

jest.setTimeout(30_000);

// The portal against the stub server, signed in through shared's real session.
let server: StubServer;
const signInWith = (rights: string[]) => signIn(server, 'tok-portal', rights);
const calls = (method: string, path: string) => server.callsTo(method, path);
const listCalls = () => calls('get', '/api/portal/articles');
const LOOKUPS = ['/api/categories/tree', '/api/v2/portal/creators', '/api/v2/locations/countries'];

// The editor has its own tests (features/article-editor); here only how the portal opens and closes it.
jest.mock('../../features/article-editor', () => ({
  EDITOR_NS: 'articles',
  EDITOR_PREFIX: 'editor',
  openIntentHandlers: () => ({}),
  ArticleEditor: ({
    articleId,
    onClose,
    onSaveState,
  }: {
    articleId: number;
    onClose(): void;
    onSaveState(state: 'running' | 'saved' | 'failed'): void;
  }) => (
    <div data-testid="article-editor">
      editing {articleId}
      <button onClick={onClose}>Close editor</button>
      <button onClick={() => onSaveState('running')}>Save starts</button>
      <button onClick={() => onSaveState('saved')}>Save stored</button>
      <button onClick={() => onSaveState('failed')}>Save failed</button>
    </div>
  ),
  KeptDrafts: jest.requireActual<typeof import('../../features/article-editor/components/KeptDrafts')>(
    '../../features/article-editor/components/KeptDrafts',
  ).KeptDrafts,
}));

// The editor's activity panel has its own tests (features/activity); here only that the portal mounts it.
jest.mock('../../features/activity', () => ({
  ArticleActivityPanel: ({ articleId }: { articleId: number }) => <div data-testid="article-activity">activity of {articleId}</div>,
}));

const article = (id: number, patch: Partial<ArticleListItem> = {}): ArticleListItem => listItem(id, { access: 2, ...patch });

function renderPortal(initialUrl = '/articles', before: string[] = []) {
  const router = createMemoryRouter(
    [
      {
        path: '/articles',
        loader: screens.portal.loader,
        Component: screens.portal.Component,
        HydrateFallback: () => null,
      },
      { path: '/categories', Component: () => <p>Categories screen</p> },
    ],
    { initialEntries: [...before, initialUrl], initialIndex: before.length },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const lastParams = () => listCalls().at(-1)?.params;

/** Waits until the router has finished loading and rendering the latest navigation. */
async function settled(router: ReturnType<typeof renderPortal>) {
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  await waitFor(() => expect(router.state.revalidation).toBe('idle'));
  // React renders router updates in a transition: wait until the table is no longer loading.
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
}

const ITEMS = [
  article(12),
  article(11, { state: 4, author: '', url: 'https://news.test/11' }),
  article(10, { state: 5, author: '  ' }),
  article(9, { state: 0 }),
  article(8, { state: -2 }),
];

beforeEach(async () => {
  server = setupStub()
    .on('get', '/api/categories/tree', ok([categoryNode(10, 'News', 2)]))
    .on('get', '/api/v2/portal/creators', ok([{ id: 1, name: 'Ann Creator' }]))
    .on('get', '/api/v2/locations/countries', ok([{ country_code: 'AU', country_name: 'Australia' }]))
    .on('get', '/api/portal/articles', ok(ITEMS, { total: 42 }));
  await signInWith([]);
});

describe('article portal', () => {
  it('loads the default list before it opens: limit 5, by id descending', async () => {
    renderPortal();
    expect(await screen.findByText('Article 12')).toBeInTheDocument();
    expect(listCalls()).toHaveLength(1);
    expect(lastParams()).toEqual({ limit: 5, limitStart: 0, sort: 'id', sortDir: 'DESC' });
    expect(screen.getByText('42 articles')).toBeInTheDocument();
  });

  it('reads the filter from the URL query', async () => {
    renderPortal('/articles?limit=10&limitStart=20&sort=title&sortDir=ASC');
    await screen.findByText('Article 12');
    expect(lastParams()).toEqual({ limit: 10, limitStart: 20, sort: 'title', sortDir: 'ASC' });
  });

  it('shows ID, Title, Submitter with "unknown" for a missing author, and a status icon per row', async () => {
    renderPortal();
    await screen.findByText('Article 12');
    expect(screen.getByRole('columnheader', { name: /ID/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Title/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Submitter/ })).toBeInTheDocument();
    const row11 = screen.getByText('Article 11').closest('tr')!;
    expect(within(row11).getByText('unknown')).toBeInTheDocument();
    expect(within(screen.getByText('Article 10').closest('tr')!).getByText('unknown')).toBeInTheDocument();
    const kinds = Array.from(document.querySelectorAll('[data-status]')).map((el) => el.getAttribute('data-status'));
    expect(kinds).toEqual(['published', 'awaiting', 'draft', 'other', 'trash']);
    expect(screen.getByRole('img', { name: 'Awaiting approval' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Draft' })).toBeInTheDocument();
  });

  it('links only a published title to its url', async () => {
    renderPortal();
    await screen.findByText('Article 12');
    expect(screen.getByRole('link', { name: 'Article 12' })).toHaveAttribute('href', 'https://news.test/12');
    expect(screen.queryByRole('link', { name: 'Article 11' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Article 9' })).toBeNull();
  });

  it('sorting: the same column toggles, a new column starts ASC, the URL keeps it', async () => {
    const user = setupUser();
    const router = renderPortal();
    await screen.findByText('Article 12');

    await user.click(screen.getByRole('button', { name: /Sort by ID/ }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'id', sortDir: 'ASC' }));
    await settled(router);
    expect(router.state.location.search).toBe('?sortDir=ASC');

    await user.click(screen.getByRole('button', { name: /Sort by Title/ }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'title', sortDir: 'ASC' }));
    await settled(router);

    await user.click(screen.getByRole('button', { name: /Sort by Title/ }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'title', sortDir: 'DESC' }));
    await settled(router);
    expect(router.state.location.search).toBe('?sort=title');
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('the whole header cell sorts (a click beside the label), and the keyboard sorts through its button', async () => {
    const user = setupUser();
    const router = renderPortal();
    await screen.findByText('Article 12');

    // The cell itself, not its label: the padding around the button.
    await user.click(screen.getByRole('columnheader', { name: /Submitter/ }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'submitter', sortDir: 'ASC' }));
    await settled(router);
    expect(screen.getByRole('columnheader', { name: /Submitter/ })).toHaveAttribute('aria-sort', 'ascending');

    // Enter on the label's button sorts once (its click reaches the cell, which sorts).
    const sortCalls = listCalls().length;
    screen.getByRole('button', { name: /Sort by Submitter/ }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'submitter', sortDir: 'DESC' }));
    await settled(router);
    expect(listCalls().length).toBe(sortCalls + 1);
    expect(screen.getByRole('columnheader', { name: /Submitter/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('loads categories, creators and countries in parallel with the list before it opens, and not again on a reload', async () => {
    const answer = deferred<StubReply>();
    server.on('get', '/api/portal/articles', () => answer.promise);
    const user = setupUser();
    await signInWith(['view_all_articles']);
    const router = renderPortal();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    // Fired before the list has answered: in parallel, not after the first render.
    expect(LOOKUPS.map((path) => calls('get', path).length)).toEqual([1, 1, 1]);
    expect(screen.queryByTestId('article-portal')).toBeNull();
    server.on('get', '/api/portal/articles', ok(ITEMS, { total: 42 }));
    await act(async () => answer.resolve(ok([article(12)], { total: 1 })));
    await screen.findByText('Article 12');
    // The filter panel shows what the loader brought.
    await user.click(screen.getByRole('combobox', { name: 'Submitter' }));
    expect(await screen.findByText('Ann Creator')).toBeInTheDocument();
    await user.click(screen.getByTestId('refresh-articles'));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    await settled(router);
    expect(LOOKUPS.map((path) => calls('get', path).length)).toEqual([1, 1, 1]);
  });

  it('the Per page choice shows only with view_all_articles (a filter, spec section 2)', async () => {
    renderPortal();
    await screen.findByText('Article 12');
    expect(screen.queryByRole('combobox', { name: 'Per page' })).toBeNull();
  });

  it('changing the page size resets the offset', async () => {
    await signInWith(['view_all_articles']);
    const user = setupUser();
    const router = renderPortal('/articles?limitStart=15');
    await screen.findByText('Article 12');
    expect(lastParams()).toMatchObject({ limit: 5, limitStart: 15 });

    await user.click(screen.getByRole('combobox', { name: 'Per page' }));
    await user.click(await screen.findByTitle('20'));
    await waitFor(() => expect(lastParams()).toMatchObject({ limit: 20, limitStart: 0 }));
    await settled(router);
    expect(router.state.location.search).toBe('?limit=20');
  });

  it('pages: a page number sets offset limit × (page − 1); first and last arrows', async () => {
    const user = setupUser();
    const router = renderPortal();
    await screen.findByText('Article 12');

    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastParams()).toMatchObject({ limitStart: 10 }));
    await settled(router);

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ limitStart: 40 }));
    await settled(router);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled());

    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ limitStart: 0 }));
    await settled(router);
    await waitFor(() => expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled());
  });

  it('the refresh link reloads the same list', async () => {
    const user = setupUser();
    const router = renderPortal('/articles?limit=10');
    await screen.findByText('Article 12');
    await user.click(screen.getByTestId('refresh-articles'));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    await settled(router);
    expect(lastParams()).toMatchObject({ limit: 10, limitStart: 0 });
  });

  it('selecting a row opens it in the editor in the right column; Close reloads the list', async () => {
    const user = setupUser();
    const router = renderPortal();
    await screen.findByText('Article 12');
    expect(screen.queryByTestId('article-editor')).toBeNull();
    await user.click(screen.getByText('Article 11'));
    expect(await screen.findByTestId('article-editor')).toHaveTextContent('editing 11');
    await user.click(screen.getByRole('button', { name: 'Close editor' }));
    expect(screen.queryByTestId('article-editor')).toBeNull();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    await settled(router);
  });

  it("the open article's own activity shows below the editor, and goes with it", async () => {
    const user = setupUser();
    const router = renderPortal();
    await user.click(await screen.findByText('Article 11'));
    expect(await screen.findByTestId('article-activity')).toHaveTextContent('activity of 11');
    await user.click(screen.getByRole('button', { name: 'Close editor' }));
    expect(screen.queryByTestId('article-activity')).toBeNull();
    await settled(router);
  });

  it('?edit=<id> (a link from the Activity screen) opens that article in the editor and leaves the URL', async () => {
    const router = renderPortal('/articles?limit=10&edit=7');
    expect(await screen.findByTestId('article-editor')).toHaveTextContent('editing 7');
    await waitFor(() => expect(router.state.location.search).toBe('?limit=10'));
    await settled(router);
    expect(screen.getByTestId('article-editor')).toHaveTextContent('editing 7');
  });

  it('Back while the editor saves waits for the save, then goes back; after a failed save the user stays', async () => {
    const user = setupUser();
    const info = jest.spyOn(toast, 'info').mockImplementation(() => ({}) as never);
    const router = renderPortal('/articles', ['/categories']);
    await user.click(await screen.findByText('Article 11'));
    await user.click(await screen.findByRole('button', { name: 'Save starts' }));
    await act(async () => {
      void router.navigate(-1);
      await Promise.resolve();
    });
    expect(router.state.location.pathname).toBe('/articles');
    expect(screen.getByTestId('article-editor')).toHaveTextContent('editing 11');
    expect(info).toHaveBeenCalledWith('Saving… you go on as soon as the article is stored.');
    // A failed save: the editor stays with its error; the next Back is not held.
    await user.click(screen.getByRole('button', { name: 'Save failed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/articles'));
    expect(screen.getByTestId('article-editor')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save starts' }));
    await act(async () => {
      void router.navigate(-1);
      await Promise.resolve();
    });
    expect(router.state.location.pathname).toBe('/articles');
    await user.click(screen.getByRole('button', { name: 'Save stored' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/categories'));
    expect(await screen.findByText('Categories screen')).toBeInTheDocument();
  }, 60_000);

  it("announces the changes kept in this browser (the signed-in user's only) and opens one in the editor", async () => {
    const user = setupUser();
    const draft = (title: string) => JSON.stringify({ version: 1, savedAt: '2024-05-01T10:00:00.000Z', values: { title } });
    window.localStorage.setItem(`newsdesk.articleDraft.${EDITOR.id}.7`, draft('Kept seven'));
    window.localStorage.setItem(`newsdesk.articleDraft.${EDITOR.id + 1}.8`, draft('Someone else'));
    const router = renderPortal();
    const kept = await screen.findByTestId('kept-drafts');
    expect(kept).toHaveTextContent('Changes not saved yet are kept in this browser:');
    expect(kept).toHaveTextContent('“Kept seven”');
    expect(kept).not.toHaveTextContent('Someone else');
    await user.click(within(kept).getByRole('button', { name: 'Open article 7' }));
    expect(await screen.findByTestId('article-editor')).toHaveTextContent('editing 7');
    // The open article's draft is the editor's to offer.
    expect(screen.queryByTestId('kept-drafts')).toBeNull();
    await settled(router);
  });

  it('shows No records found for an empty list', async () => {
    server.on('get', '/api/portal/articles', ok([], { total: 0 }));
    renderPortal();
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled());
  });

  it('a failed load shows the error and an empty list', async () => {
    server.on('get', '/api/portal/articles', fail(503, 'Database unavailable'));
    renderPortal();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('No records found')).toBeInTheDocument();
  });

  it('marks the screen with its build, and shows no developer footer', async () => {
    renderPortal();
    await screen.findByText('Article 12');
    expect(screen.getByTestId('article-portal')).toHaveAttribute('data-build', 'dev');
    expect(screen.getByTestId('article-portal')).toHaveAttribute('data-remote', 'remote-articles');
    expect(screen.queryByText(/remote-articles|· build/)).toBeNull();
  });

  it('has no New Article button yet (it comes with the editor)', async () => {
    renderPortal();
    await screen.findByText('Article 12');
    expect(screen.queryByRole('button', { name: /New Article/ })).toBeNull();
  });
});
