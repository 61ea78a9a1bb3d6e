// The article list's bulk actions on the portal screen (issue 15, part 5), answered at the network by
// the stub server: the toolbar by rights, ticking rows (never opening them), the request with the
// page's order, the one summary and its toast, the reload, and a refused request keeping the selection.
import { screen, waitFor, within } from '@testing-library/react';
import { toast, type ToastEvent } from 'shared';
import type { ArticleListItem } from '../../features/article-list/api/articlesApi';
import { listItem, renderPortal } from './listItemFixture';
import './PortalScreen';
import { setupUser } from 'shared/test/user';
import { categoryNode, signIn } from 'shared/test/fixtures';
import { fail, ok, setupStub, type StubServer } from 'shared/test/stubServer';

// Several clicks on antd in jsdom per test: slow on a busy machine.
jest.setTimeout(90_000);

// Rights come from a real sign-in; the list, the bulk action and shared's lookups from the stub server.
let server: StubServer;
const signInWith = (rights: string[]) => signIn(server, 'tok-bulk', rights, { id: 1, username: 'u', name: 'U', email: null, roles: [] });
const BULK = '/api/portal/articles/bulk';
const listCalls = () => server.callsTo('get', '/api/portal/articles');
const bulkBodies = () => server.bodies('post', BULK);

const article = (id: number): ArticleListItem => listItem(id, { createdBy: 3 });
const change = (id: number) => ({ id, state: -2, access: 1, featured: 0, newsletter: 0, version: 2, modified: '2024-05-01T10:30:00.000Z' });

const box = (id: number) => screen.getByRole('checkbox', { name: `Select article ${id}` });
const toolbarButtons = () =>
  within(screen.getByTestId('bulk-toolbar'))
    .getAllByRole('button')
    .map((button) => button.textContent);

let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(async () => {
  server = setupStub()
    .on('get', '/api/portal/articles', ok([12, 11, 10, 9, 8].map(article), { total: 42 }))
    .on('get', '/api/v2/portal/creators', ok([]))
    .on('get', '/api/categories/tree', ok([categoryNode(8, 'Root', 1, [categoryNode(10, 'News', 2)])]))
    .on('get', '/api/v2/locations/countries', ok([]));
  await signInWith([]);
  toasts = [];
  unsubscribe = toast.subscribe((event) => toasts.push(event));
});
afterEach(() => unsubscribe());

it('a user without rights (a submitter) is offered Trash and Restore only', async () => {
  renderPortal();
  await screen.findByText('Article 12');
  expect(toolbarButtons()).toEqual(['Trash', 'Restore']);
  expect(screen.getByRole('button', { name: 'Trash' })).toBeDisabled();
});

describe('with every right', () => {
  beforeEach(() => signInWith(['view_all_articles', 'approve_article', 'set_access', 'feature_article', 'edit_all_articles']));

  it('offers all six actions', async () => {
    renderPortal();
    await screen.findByText('Article 12');
    expect(toolbarButtons()).toEqual(['Approve', 'Unpublish', 'Trash', 'Restore', 'Feature', 'Unfeature']);
  });

  it('ticks rows without opening them; select-all ticks the page, and unticks it', async () => {
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 12');
    await user.click(box(9));
    await user.click(box(11));
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('2 selected');
    expect(screen.queryByTestId('article-editor')).toBeNull();
    const all = screen.getByRole('checkbox', { name: 'Select all articles on this page' });
    await user.click(all);
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('5 selected');
    await user.click(all);
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('0 selected');
  });

  it('sends the selection in page order; one summary, a toast, a reload, the selection cleared', async () => {
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 12');
    await user.click(box(9));
    await user.click(box(11));
    await user.click(box(12));

    server.on(
      'post',
      BULK,
      ok({
        action: 'approve',
        results: [
          { id: 12, outcome: 'done', article: change(12) },
          { id: 11, outcome: 'unchanged', article: change(11) },
          { id: 9, outcome: 'refused', status: 409, error: 'approve_state_mismatch', params: { state: 5, state_to: 1, state_wanted: 0 } },
        ],
        done: 1,
        unchanged: 1,
        refused: 1,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(bulkBodies()).toEqual([{ ids: [12, 11, 9], action: 'approve' }]));
    const summary = await screen.findByTestId('bulk-summary');
    expect(summary).toHaveTextContent('Approve: 1 done, 1 already so, 1 refused');
    expect(within(summary).getByRole('listitem')).toHaveTextContent(
      '#9: Approving an article that is Draft (5) makes it Published (1), not Unpublished (0)',
    );
    expect(toasts).toEqual([{ type: 'warning', message: 'Approve: 1 done, 1 already so, 1 refused' }].map(expect.objectContaining));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('0 selected');
  });

  it('Trash asks first; a failed call shows its error and keeps the selection', async () => {
    const user = setupUser();
    renderPortal();
    await screen.findByText('Article 12');
    await user.click(box(10));
    await user.click(screen.getByRole('button', { name: 'Trash' }));
    expect(bulkBodies()).toEqual([]);
    const popover = (await screen.findByText('Move 1 article to the trash?')).closest('.ant-popover') as HTMLElement;
    server.on('post', BULK, fail(400, 'ids may hold at most 100 entries'));
    await user.click(within(popover).getByRole('button', { name: 'Trash' }));
    await waitFor(() => expect(bulkBodies()).toEqual([{ ids: [10], action: 'trash' }]));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', message: 'ids may hold at most 100 entries' })),
    );
    expect(screen.queryByTestId('bulk-summary')).toBeNull();
    expect(listCalls()).toHaveLength(1);
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('1 selected');
  });

  it('another page clears the selection', async () => {
    const user = setupUser();
    const router = renderPortal();
    await screen.findByText('Article 12');
    await user.click(box(12));
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('1 selected');
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(router.state.location.search).toContain('limitStart=5'));
    await waitFor(() => expect(screen.getByTestId('bulk-count')).toHaveTextContent('0 selected'));
    expect(box(12)).not.toBeChecked();
  });
});
