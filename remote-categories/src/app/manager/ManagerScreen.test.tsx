import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setLanguage, toast } from 'shared';
import { fetchCategoryTree } from '../../features/category-tree/api/categoriesApi';
import type { CategoryNode } from '../../features/category-tree';
import { readableTextColour } from '../../features/category-tree/model/colour';
import { screens } from '../../routes';

jest.setTimeout(30_000);

jest.mock('../../features/category-tree/api/categoriesApi', () => ({ fetchCategoryTree: jest.fn() }));
const fetchMock = fetchCategoryTree as jest.MockedFunction<typeof fetchCategoryTree>;

function node(id: number, title: string, children: CategoryNode[] = [], patch: Partial<CategoryNode> = {}): CategoryNode {
  return {
    id,
    title,
    alias: title.toLowerCase(),
    colour: '#1677ff',
    parent_id: null,
    level: 1,
    leaf: children.length === 0,
    selected: false,
    enabled: 1,
    subcategories: children,
    ...patch,
  };
}

const demoTree = (): CategoryNode[] => [
  node(
    8,
    'Portal',
    [
      node(100, 'News', [node(101, 'World', [node(102, 'Europe'), node(103, 'Americas')]), node(109, 'Science')], {
        colour: '#13c2c2',
      }),
      node(804, 'Local', [node(805, 'City')]),
      node(300, 'Archive', [], { enabled: 0 }),
    ],
    { colour: '#595959' },
  ),
];

function renderManager(url = '/categories') {
  const router = createMemoryRouter(
    [{ path: '/categories', loader: screens.manager.loader, Component: screens.manager.Component, HydrateFallback: () => null }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const rowTitles = () => screen.getAllByRole('treeitem').map((item) => item.getAttribute('aria-label'));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(demoTree());
});

afterEach(async () => {
  await setLanguage('en');
});

describe('categories manager', () => {
  it('?category=<id> (a link from the Activity screen) opens the tree down to that category', async () => {
    renderManager('/categories?category=102');
    expect(await screen.findByRole('treeitem', { name: 'Europe' })).toBeInTheDocument();
    expect(screen.getByRole('treeitem', { name: 'World' })).toBeInTheDocument();
    // Only the way to it: Local's children stay closed.
    expect(screen.queryByRole('treeitem', { name: 'City' })).toBeNull();
  });

  it('loads the tree in the route loader and opens with the first level expanded only', async () => {
    renderManager();
    expect(await screen.findByRole('treeitem', { name: 'Portal' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(rowTitles()).toEqual(['Portal', 'News', 'Local', 'Archive']);
    expect(screen.getByRole('treeitem', { name: 'Portal' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('treeitem', { name: 'News' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('treeitem', { name: 'News' })).toHaveAttribute('aria-level', '2');
    expect(screen.getByText('Categories')).toBeInTheDocument();
    expect(screen.getByTestId('category-total')).toHaveTextContent('9 categories');
  });

  it('plus expands and minus collapses a row', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: 'Portal' });

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
    await screen.findByRole('treeitem', { name: 'Portal' });

    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(rowTitles()).toEqual(['Portal', 'News', 'World', 'Europe', 'Americas', 'Science', 'Local', 'City', 'Archive']);
    expect(screen.getByRole('button', { name: 'Expand all' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(rowTitles()).toEqual(['Portal']);
    expect(screen.getByRole('button', { name: 'Collapse all' })).toBeDisabled();
  });

  it('marks leaves, counts sub-categories on non-leaf rows, mutes disabled ones, uses the colour', async () => {
    renderManager();
    const portal = await screen.findByRole('treeitem', { name: 'Portal' });
    expect(within(portal).getByTestId('subcategory-count')).toHaveTextContent('8 sub-categories');
    expect(within(portal).queryByTestId('leaf-mark')).toBeNull();
    expect(portal).toHaveStyle({ borderLeft: '4px solid #595959' });

    const news = screen.getByRole('treeitem', { name: 'News' });
    expect(within(news).getByTestId('subcategory-count')).toHaveTextContent('4 sub-categories');
    expect(within(news).getByText('News')).toHaveStyle({ color: readableTextColour('#13c2c2') });

    const local = screen.getByRole('treeitem', { name: 'Local' });
    expect(within(local).getByTestId('subcategory-count')).toHaveTextContent('1 sub-category');

    const archive = screen.getByRole('treeitem', { name: 'Archive' });
    expect(archive).toHaveAttribute('data-leaf', 'true');
    expect(within(archive).getByRole('img', { name: 'Leaf' })).toBeInTheDocument();
    expect(within(archive).queryByRole('button')).toBeNull();
    expect(within(archive).queryByTestId('subcategory-count')).toBeNull();
    expect(archive).toHaveAttribute('aria-disabled', 'true');
    expect(archive).toHaveStyle({ opacity: '0.5' });
    expect(within(archive).getByText('Disabled')).toBeInTheDocument();
    expect(news).not.toHaveAttribute('aria-disabled');
  });

  it('offers no management actions without the right manage_categories', async () => {
    renderManager();
    await screen.findByRole('treeitem', { name: 'Portal' });
    const names = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent);
    // Only the toggles and Expand all / Collapse all.
    for (const name of names) expect(name).toMatch(/^(Expand|Collapse) /);
  });

  it('shows No records found for an empty tree', async () => {
    fetchMock.mockResolvedValue([]);
    renderManager();
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.queryByRole('treeitem')).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand all' })).toBeDisabled();
  });

  it('a failed load shows the error (alert and toast)', async () => {
    const events: string[] = [];
    const unsubscribe = toast.subscribe((event) => events.push(`${event.type}:${event.message}`));
    fetchMock.mockRejectedValue(new Error('Database unavailable'));
    renderManager();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(events).toContain('error:Database unavailable');
    unsubscribe();
  });

  it('speaks German', async () => {
    await setLanguage('de');
    renderManager();
    await screen.findByRole('treeitem', { name: 'Portal' });
    expect(screen.getByText('Kategorien')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle aufklappen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'News aufklappen' })).toBeInTheDocument();
    expect(within(screen.getByRole('treeitem', { name: 'Portal' })).getByText('8 Unterkategorien')).toBeInTheDocument();
  });

  it('shows the build label footer', async () => {
    renderManager();
    await screen.findByRole('treeitem', { name: 'Portal' });
    await waitFor(() => expect(screen.getByTestId('build-label')).toHaveTextContent('remote-categories · build dev'));
  });
});
