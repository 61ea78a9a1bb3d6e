// The categories screen with 2,000 categories: "Expand all" virtualises the rows (only a screenful
// is mounted), "Collapse all" goes back to plain rows, and rows stay reachable by scrolling.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { signIn } from 'shared/test/fixtures';
import { ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { VIRTUAL_THRESHOLD } from '../../features/category-tree';
import { screens } from '../../routes';
import { treeItemName } from '../../testing/treeItem';
import { largeTree } from '../../testing/largeTree';

jest.setTimeout(60_000);

let server: StubServer;
const answerTree = (count: number) => server.on('get', '/api/categories/tree', ok(largeTree(count)));

function renderManager() {
  const router = createMemoryRouter(
    [{ path: '/categories', loader: screens.manager.loader, Component: screens.manager.Component, HydrateFallback: () => null }],
    { initialEntries: ['/categories'] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(async () => {
  // Signed in through shared's real session (the stub server answers) with the right of this screen.
  server = setupStub();
  await signIn(server, 'tok-categories', ['manage_categories']);
  answerTree(2000);
});

it('"Expand all" on 2,000 categories mounts only a screenful of rows, with their place in the tree', async () => {
  const user = userEvent.setup();
  renderManager();
  await screen.findByRole('treeitem', { name: treeItemName('Section 1') });
  expect(screen.getByTestId('category-total')).toHaveTextContent('2001 categories');
  // The first level open: Portal and its 10 sections, plain rows.
  expect(screen.getAllByRole('treeitem')).toHaveLength(11);
  expect(screen.queryByTestId('category-tree-scroll')).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Expand all' }));
  const scroller = await screen.findByTestId('category-tree-scroll');
  expect(scroller).toHaveAttribute('data-virtual', 'true');
  const mounted = screen.getAllByRole('treeitem');
  expect(mounted.length).toBeGreaterThan(5);
  expect(mounted.length).toBeLessThan(60);
  expect(mounted[0]).toHaveAccessibleName('Portal, 2000 sub-categories');
  // A leaf row tells its level and place among its siblings although its siblings are not mounted.
  const leaf = mounted.find((item) => item.getAttribute('aria-level') === '4') as HTMLElement;
  expect(leaf).toHaveAttribute('aria-setsize', '19');
  expect(leaf).toHaveAttribute('aria-posinset', '1');
  // Every mounted row keeps its management actions.
  expect(screen.getByRole('button', { name: 'Add sub-category to Section 1' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Collapse all' }));
  await waitFor(() => expect(screen.queryByTestId('category-tree-scroll')).toBeNull());
  expect(screen.getAllByRole('treeitem')).toHaveLength(1);
});

it('scrolling the virtual list mounts the rows further down', async () => {
  const user = userEvent.setup();
  renderManager();
  await screen.findByRole('treeitem', { name: treeItemName('Section 1') });
  await user.click(screen.getByRole('button', { name: 'Expand all' }));
  const scroller = await screen.findByTestId('category-tree-scroll');
  expect(screen.queryByRole('treeitem', { name: treeItemName('Section 10') })).toBeNull();
  // The holder is the scrolling element; the list reads scrollTop on scroll.
  const holder = scroller.querySelector('[class$="-holder"]') ?? scroller.firstElementChild;
  await act(async () => {
    (holder as HTMLElement).scrollTop = 2000 * 45;
    fireEvent.scroll(holder as HTMLElement);
  });
  await waitFor(() => expect(screen.queryByRole('treeitem', { name: treeItemName('Section 1') })).toBeNull());
  expect(screen.getAllByRole('treeitem').length).toBeLessThan(60);
});

it('stays plain up to the threshold', async () => {
  answerTree(VIRTUAL_THRESHOLD - 1);
  const user = userEvent.setup();
  renderManager();
  await screen.findByRole('treeitem', { name: treeItemName('Section 1') });
  await user.click(screen.getByRole('button', { name: 'Expand all' }));
  await waitFor(() => expect(screen.getAllByRole('treeitem')).toHaveLength(VIRTUAL_THRESHOLD));
  expect(screen.queryByTestId('category-tree-scroll')).toBeNull();
});
