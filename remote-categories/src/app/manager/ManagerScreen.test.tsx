import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useRouteError } from 'react-router-dom';
import { isMissingRightError, setLanguage, toast } from 'shared';
import { signIn } from 'shared/test/fixtures';
import { fail, ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { readableTextColour } from '../../features/category-tree/model/colour';
import { screens } from '../../routes';
import { treeItemName } from '../../testing/treeItem';
import { demoTree } from '../../testing/demoTree';

jest.setTimeout(30_000);

// The tree is answered at the network by the stub server, signed in through shared's real session
// with the right manage_categories (the screen's own; without it the loader refuses).
const TREE_URL = '/api/categories/tree';
let server: StubServer;

/** What the shell's route error view gets: here the right a refusal names. */
function RouteError() {
  const error = useRouteError();
  return <div data-testid="route-error">{isMissingRightError(error) ? `missing ${error.right}` : String(error)}</div>;
}

function renderManager(url = '/categories') {
  const router = createMemoryRouter(
    [
      {
        path: '/categories',
        loader: screens.manager.loader,
        Component: screens.manager.Component,
        ErrorBoundary: RouteError,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

// A row's name starts with its title (then what else it shows).
const rowTitles = () => screen.getAllByRole('treeitem').map((item) => item.getAttribute('aria-label')?.split(', ')[0]);

beforeEach(async () => {
  server = setupStub().on('get', TREE_URL, ok(demoTree()));
  await signIn(server, 'tok-categories', ['manage_categories']);
});

afterEach(async () => {
  await setLanguage('en');
});

describe('categories manager', () => {
  it('?category=<id> (a link from the Activity screen) opens the tree down to that category', async () => {
    renderManager('/categories?category=102');
    expect(await screen.findByRole('treeitem', { name: treeItemName('Europe') })).toBeInTheDocument();
    expect(screen.getByRole('treeitem', { name: treeItemName('World') })).toBeInTheDocument();
    // Only the way to it: Local's children stay closed.
    expect(screen.queryByRole('treeitem', { name: treeItemName('City') })).toBeNull();
  });

  it('names each row by all it shows (title, number of sub-categories, Disabled): what is read out contains what is seen', async () => {
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('Portal') });
    expect(screen.getAllByRole('treeitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Portal, 8 sub-categories',
      'News, 4 sub-categories',
      'Local, 1 sub-category',
      'Archive, Disabled',
    ]);
    // Each row's texts, in the order shown.
    for (const item of screen.getAllByRole('treeitem')) {
      const texts = [...item.querySelectorAll('.ant-typography, .ant-tag')].map((element) => element.textContent?.trim());
      expect(item).toHaveAttribute('aria-label', texts.join(', '));
    }
  });

  it('loads the tree in the route loader and opens with the first level expanded only', async () => {
    renderManager();
    expect(await screen.findByRole('treeitem', { name: treeItemName('Portal') })).toBeInTheDocument();
    // One request, disabled categories included (the manager shows them muted).
    expect(server.callsTo('get', TREE_URL).map((call) => call.params)).toEqual([{ includeDisabled: '1' }]);
    expect(rowTitles()).toEqual(['Portal', 'News', 'Local', 'Archive']);
    expect(screen.getByRole('treeitem', { name: treeItemName('Portal') })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('treeitem', { name: treeItemName('News') })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('treeitem', { name: treeItemName('News') })).toHaveAttribute('aria-level', '2');
    expect(screen.getByText('Categories')).toBeInTheDocument();
    expect(screen.getByTestId('category-total')).toHaveTextContent('9 categories');
  });

  it('plus expands and minus collapses a row', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('Portal') });

    await user.click(screen.getByRole('button', { name: 'Expand News' }));
    expect(rowTitles()).toEqual(['Portal', 'News', 'World', 'Science', 'Local', 'Archive']);
    await user.click(screen.getByRole('button', { name: 'Expand World' }));
    expect(rowTitles()).toEqual(['Portal', 'News', 'World', 'Europe', 'Americas', 'Science', 'Local', 'Archive']);

    await user.click(screen.getByRole('button', { name: 'Collapse News' }));
    expect(rowTitles()).toEqual(['Portal', 'News', 'Local', 'Archive']);
    // World stays expanded underneath: opening News again shows its children too.
    await user.click(screen.getByRole('button', { name: 'Expand News' }));
    expect(rowTitles()).toContain('Europe');

    await user.click(screen.getByRole('button', { name: 'Collapse Portal' }));
    expect(rowTitles()).toEqual(['Portal']);
  });

  it('Expand all and Collapse all', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('Portal') });

    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(rowTitles()).toEqual(['Portal', 'News', 'World', 'Europe', 'Americas', 'Science', 'Local', 'City', 'Archive']);
    expect(screen.getByRole('button', { name: 'Expand all' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(rowTitles()).toEqual(['Portal']);
    expect(screen.getByRole('button', { name: 'Collapse all' })).toBeDisabled();
  });

  it('marks leaves, counts sub-categories on non-leaf rows, mutes disabled ones, uses the colour', async () => {
    renderManager();
    const portal = await screen.findByRole('treeitem', { name: treeItemName('Portal') });
    expect(within(portal).getByTestId('subcategory-count')).toHaveTextContent('8 sub-categories');
    expect(within(portal).queryByTestId('leaf-mark')).toBeNull();
    expect(portal).toHaveStyle({ borderLeft: '4px solid #595959' });

    const news = screen.getByRole('treeitem', { name: treeItemName('News') });
    expect(within(news).getByTestId('subcategory-count')).toHaveTextContent('4 sub-categories');
    expect(within(news).getByText('News')).toHaveStyle({ color: readableTextColour('#13c2c2') });

    const local = screen.getByRole('treeitem', { name: treeItemName('Local') });
    expect(within(local).getByTestId('subcategory-count')).toHaveTextContent('1 sub-category');

    const archive = screen.getByRole('treeitem', { name: treeItemName('Archive') });
    expect(archive).toHaveAttribute('data-leaf', 'true');
    expect(within(archive).getByRole('img', { name: 'Leaf' })).toBeInTheDocument();
    expect(within(archive).queryByRole('button', { name: /^(Expand|Collapse) / })).toBeNull();
    expect(within(archive).queryByTestId('subcategory-count')).toBeNull();
    expect(archive).toHaveAttribute('aria-disabled', 'true');
    expect(archive).toHaveStyle({ opacity: '0.5' });
    expect(within(archive).getByText('Disabled')).toBeInTheDocument();
    expect(news).not.toHaveAttribute('aria-disabled');
  });

  it('refuses users without the right manage_categories before anything loads (the shell shows no access)', async () => {
    await signIn(server, 'tok-categories', ['create_article', 'view_all_articles']);
    renderManager();
    expect(await screen.findByTestId('route-error')).toHaveTextContent('missing manage_categories');
    expect(screen.queryByTestId('category-manager')).toBeNull();
    expect(server.callsTo('get', TREE_URL)).toEqual([]);
  });

  it('shows No records found for an empty tree', async () => {
    server.on('get', TREE_URL, ok([]));
    renderManager();
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.queryByRole('treeitem')).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand all' })).toBeDisabled();
  });

  it('a failed load shows the error (alert and toast)', async () => {
    const events: string[] = [];
    const unsubscribe = toast.subscribe((event) => events.push(`${event.type}:${event.message}`));
    server.on('get', TREE_URL, fail(500, 'Database unavailable'));
    renderManager();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(events).toContain('error:Database unavailable');
    unsubscribe();
  });

  it('speaks German', async () => {
    await setLanguage('de');
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('Portal') });
    expect(screen.getByText('Kategorien')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle aufklappen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'News aufklappen' })).toBeInTheDocument();
    expect(within(screen.getByRole('treeitem', { name: treeItemName('Portal') })).getByText('8 Unterkategorien')).toBeInTheDocument();
  });

  it('marks the screen with its build, and shows no developer footer', async () => {
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('Portal') });
    expect(screen.getByTestId('category-manager')).toHaveAttribute('data-build', 'dev');
    expect(screen.queryByText(/remote-categories|· build/)).toBeNull();
  });
});
