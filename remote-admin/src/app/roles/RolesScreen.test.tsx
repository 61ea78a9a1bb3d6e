import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleRecord } from 'contracts/schemas/people';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setLanguage } from 'shared';
import { categoryNode, signIn } from 'shared/test/fixtures';
import { ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { screens } from '../../routes';

// antd forms, tables and tree selects are slow in jsdom on a busy machine.
jest.setTimeout(60_000);

// The roles and the category tree are answered at the network by the stub server: the screen runs
// the real peopleApi and shared's HTTP client.
const ROLES = '/api/v2/roles';
const TREE = [
  categoryNode(8, 'Portal', 1, [
    categoryNode(100, 'News', 2, [categoryNode(106, 'Politics', 3, [], 100)], 8),
    categoryNode(200, 'Sport', 2, [categoryNode(201, 'Football', 3, [], 200)], 8),
  ]),
];

let server: StubServer;
let roles: RoleRecord[];

const role = (id: number, title: string, scope: number[] | null): RoleRecord => ({
  id,
  name: title.toLowerCase().replace(/\s+/g, '_'),
  title,
  rights: ['view_all_articles', 'approve_article'],
  users: 1,
  version: 2,
  require_2fa: false,
  scope,
});

beforeEach(async () => {
  roles = [role(1, 'Approver', null), role(5, 'Sport approver', [200]), role(6, 'Orphaned desk', [])];
  server = setupStub()
    .on('get', ROLES, () => ok(roles))
    .on('get', '/api/categories/tree', () => ok(TREE));
  await signIn(server, 'tok-roles', ['manage_users']);
});

afterEach(async () => {
  await setLanguage('en');
});

function renderRoles() {
  const router = createMemoryRouter(
    [{ path: '/admin/roles', loader: screens.roles.loader, Component: screens.roles.Component, HydrateFallback: () => null }],
    { initialEntries: ['/admin/roles'] },
  );
  render(<RouterProvider router={router} />);
}

const rowOf = (title: string) => screen.getByRole('cell', { name: title }).closest('tr') as HTMLElement;

describe('Roles: scope', () => {
  it('lists where each role’s article rights hold: everywhere, its desks, or nowhere', async () => {
    renderRoles();
    expect(await screen.findByRole('columnheader', { name: 'Article rights in' })).toBeInTheDocument();
    expect(within(rowOf('Approver')).getByText('Everywhere')).toBeInTheDocument();
    expect(within(rowOf('Sport approver')).getByText('Sport')).toBeInTheDocument();
    expect(within(rowOf('Orphaned desk')).getByText('Nowhere (no category chosen)')).toBeInTheDocument();
  });

  it('limits a role to desks chosen in the category tree and saves them with the version', async () => {
    const user = userEvent.setup();
    server.on('post', ROLES, (config) => {
      const sent = JSON.parse(String(config.data)) as { scope: number[] | null };
      return ok({ ...roles[0]!, scope: sent.scope, version: 3 });
    });
    renderRoles();
    await user.click(await screen.findByRole('button', { name: 'Edit Approver' }));
    const dialog = await screen.findByRole('dialog');
    // Unscoped: no category field until the role is limited.
    expect(within(dialog).queryByRole('combobox', { name: 'Desks (categories)' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Limit the article rights to desks' }));
    await user.click(await within(dialog).findByRole('combobox', { name: 'Desks (categories)' }));
    const politics = await screen.findAllByTitle('Politics');
    await user.click(politics[politics.length - 1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.bodies('post', ROLES)).toHaveLength(1));
    expect(server.bodies('post', ROLES)[0]).toEqual({
      id: 1,
      version: 2,
      title: 'Approver',
      rights: ['view_all_articles', 'approve_article'],
      require_2fa: false,
      scope: [106],
    });
  });

  it('an edited scoped role keeps its desks; unticking "limit" saves it as everywhere (German labels)', async () => {
    await setLanguage('de');
    const user = userEvent.setup();
    server.on('post', ROLES, () => ok(roles[1]!));
    renderRoles();
    expect(await screen.findByRole('columnheader', { name: 'Artikelrechte in' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Sport approver bearbeiten' }));
    const dialog = await screen.findByRole('dialog');
    const limit = within(dialog).getByRole('checkbox', { name: 'Artikelrechte auf Ressorts beschränken' });
    expect(limit).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Ressorts (Kategorien)' })).toBeInTheDocument();
    expect(within(dialog).getByTitle('Sport')).toBeInTheDocument();
    await user.click(limit);
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(server.bodies('post', ROLES)).toHaveLength(1));
    expect(server.bodies('post', ROLES)[0]).toMatchObject({ id: 5, scope: null });
  });
});
