import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setLanguage, toast } from 'shared';
import { signIn } from 'shared/test/fixtures';
import { deferred, fail, ok, setupStub, type StubReply, type StubServer } from 'shared/test/stubServer';
import type { CategoryNode } from '../../features/category-tree';
import { screens } from '../../routes';
import { treeItemName } from '../../testing/treeItem';
import { category, placed } from '../../testing/demoTree';

// The edit form (TreeSelect, ColorPicker) is slow in jsdom on a busy machine.
jest.setTimeout(60_000);

// The category calls are answered at the network by the stub server: the screen runs the real
// categoriesApi and shared's HTTP client (envelope, messages, error codes).
const TREE = '/api/categories/tree';
const CATEGORY = '/api/v2/portal/category';
let server: StubServer;
const treeLoads = () => server.callsTo('get', TREE).length;
const saved = () => server.bodies('post', CATEGORY);
const deletes = () => server.callsTo('delete', `${CATEGORY}/:id`).map((call) => call.url);
/** A change's answer: the server's message ("Saved", "Deleted", …) and the id. */
const changed = (message: string, id: number | null) => ok(id === null ? null : { id }, { message });

const demoTree = (extra: CategoryNode[] = []): CategoryNode[] =>
  placed([
    category(8, 'Portal', [
      category(100, 'News', [category(101, 'World', [category(102, 'Europe')]), ...extra]),
      category(804, 'Local', [category(805, 'City')]),
      category(300, 'Archive', [], { enabled: 0 }),
    ]),
  ]);

/** GET /api/v2/portal/category/{id}: the stored category (with its version), as the edit form reads it when it opens. */
function storedCategory(id: number): StubReply {
  const find = (nodes: CategoryNode[]): CategoryNode | undefined =>
    nodes.reduce<CategoryNode | undefined>((found, n) => found ?? (n.id === id ? n : find(n.subcategories)), undefined);
  const found = find(demoTree());
  if (!found) return fail(404, `Category ${id} not found`);
  return ok({
    id,
    title: found.title,
    alias: found.alias,
    colour: found.colour,
    parent_id: found.parent_id,
    enabled: found.enabled,
    ordering: 1,
    version: 3,
    level: found.level,
    type: 'section',
    main: found.parent_id === 8,
    subcategories: found.subcategories.length,
  });
}

let toasts: string[] = [];
let unsubscribe: () => void = () => undefined;

beforeEach(async () => {
  // Signed in through shared's real session (the stub server answers) with the right of this screen.
  server = setupStub()
    .on('get', TREE, ok(demoTree()))
    .on('get', `${CATEGORY}/:id`, (_config, { id }) => storedCategory(Number(id)));
  await signIn(server, 'tok-categories', ['manage_categories']);
  toasts = [];
  unsubscribe = toast.subscribe((event) => toasts.push(`${event.type}:${event.message}`));
});

afterEach(async () => {
  unsubscribe();
  await setLanguage('en');
});

function renderManager() {
  const router = createMemoryRouter(
    [{ path: '/categories', loader: screens.manager.loader, Component: screens.manager.Component, HydrateFallback: () => null }],
    { initialEntries: ['/categories'] },
  );
  render(<RouterProvider router={router} />);
}

describe('category management', () => {
  it('creates a sub-category, toasts Saved and reloads the tree showing it', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('News') });
    server.on('post', CATEGORY, changed('Saved', 110));

    await user.click(screen.getByRole('button', { name: 'Add sub-category to News' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('New sub-category of News')).toBeInTheDocument();
    // No parent choice when creating: the row decides.
    expect(within(dialog).queryByLabelText('Parent category')).toBeNull();
    await user.type(within(dialog).getByLabelText('Title'), 'Sport');
    server.on('get', TREE, ok(demoTree([category(110, 'Sport')])));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saved()).toEqual([{ title: 'Sport', alias: '', colour: '#1677ff', parent_id: 100 }]));
    expect(await screen.findByRole('treeitem', { name: treeItemName('Sport') })).toBeInTheDocument();
    expect(toasts).toContain('success:Saved');
    expect(treeLoads()).toBe(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('no add on level-4 rows, no delete or disable on the root, no delete on 804', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('News') });
    await user.click(screen.getByRole('button', { name: 'Expand News' }));
    await user.click(screen.getByRole('button', { name: 'Expand World' }));
    const europe = screen.getByRole('treeitem', { name: treeItemName('Europe') });
    expect(within(europe).queryByRole('button', { name: 'Add sub-category to Europe' })).toBeNull();
    expect(within(europe).getByRole('button', { name: 'Edit Europe' })).toBeInTheDocument();
    const portal = screen.getByRole('treeitem', { name: treeItemName('Portal') });
    expect(within(portal).queryByRole('button', { name: 'Delete Portal' })).toBeNull();
    expect(within(portal).queryByRole('switch')).toBeNull();
    expect(
      within(screen.getByRole('treeitem', { name: treeItemName('Local') })).queryByRole('button', { name: 'Delete Local' }),
    ).toBeNull();
  });

  it('edits title, alias, colour and moves under another parent', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('News') });
    await user.click(screen.getByRole('button', { name: 'Expand News' }));
    server.on('post', CATEGORY, changed('Saved', 101));

    await user.click(screen.getByRole('button', { name: 'Edit World' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('World');
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Globe');
    await user.clear(within(dialog).getByLabelText('Alias'));
    await user.type(within(dialog).getByLabelText('Alias'), 'globe');
    const colour = within(dialog).getByLabelText('Colour');
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(colour, '#ff0000');
      colour.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // Move: pick Local in the parent TreeSelect.
    await user.click(within(dialog).getByRole('combobox'));
    const options = await screen.findAllByTitle('Local');
    await user.click(options[options.length - 1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(saved()).toEqual([{ id: 101, version: 3, title: 'Globe', alias: 'globe', colour: '#ff0000', parent_id: 804 }]),
    );
    expect(toasts).toContain('success:Saved');
  });

  it('a stale save (409) offers to reload their version or to overwrite it, in the form', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('News') });
    await user.click(screen.getByRole('button', { name: 'Expand News' }));
    const theirs = { id: 101, title: 'World news', alias: 'world-news', colour: '#00ff00', parent_id: 100, version: 4 };
    // The first two saves are stale (the API's code and the record as it is now), the third goes through.
    const stale = fail(409, '…', 409, '', { error: 'category_stale_version', field: 'version', current: theirs });
    server.on('post', CATEGORY, () => (saved().length <= 2 ? stale : changed('Saved', 101)));

    await user.click(screen.getByRole('button', { name: 'Edit World' }));
    let dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Title')).toBeEnabled());
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Reload: their values in the form, no error toast, nothing saved.
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This category was changed by someone else after you opened it');
    expect(toasts.filter((entry) => entry.startsWith('error:'))).toEqual([]);
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('Title')).toHaveValue('World news');
    expect(within(dialog).getByLabelText('Alias')).toHaveValue('world-news');

    // Overwrite: mine saved over theirs, with their version.
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Mine again');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    dialog = screen.getByRole('dialog');
    await user.click(within(await within(dialog).findByRole('alert')).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(saved()).toHaveLength(3));
    expect(saved()[2]).toMatchObject({ id: 101, version: 4, title: 'Mine again' });
    await waitFor(() => expect(toasts).toContain('success:Saved'));
  });

  it('a server error toasts the message and keeps the form as typed', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('News') });
    server.on('post', CATEGORY, fail(409, 'The alias "world" is already used by World (101) under News (100)'));

    await user.click(screen.getByRole('button', { name: 'Add sub-category to News' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'World');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toasts).toContain('error:The alias "world" is already used by World (101) under News (100)'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByLabelText('Title')).toHaveValue('World');
    expect(treeLoads()).toBe(1);
  });

  it('a title is required', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('News') });
    await user.click(screen.getByRole('button', { name: 'Add sub-category to News' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a title')).toBeInTheDocument();
    expect(saved()).toEqual([]);
  });

  it('delete asks "Delete {title}?" and toasts Deleted', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('Archive') });
    server.on('delete', `${CATEGORY}/:id`, changed('Deleted', null));

    await user.click(screen.getByRole('button', { name: 'Delete Archive' }));
    expect(await screen.findByText('Delete Archive?')).toBeInTheDocument();
    expect(deletes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes()).toEqual([`${CATEGORY}/300`]));
    await waitFor(() => expect(toasts).toContain('success:Deleted'));
    await waitFor(() => expect(treeLoads()).toBe(2));
  });

  it('a refused delete shows the server message', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('News') });
    server.on('delete', `${CATEGORY}/:id`, fail(409, 'The category News (100) has 2 sub-categories'));
    await user.click(screen.getByRole('button', { name: 'Delete News' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts).toContain('error:The category News (100) has 2 sub-categories'));
    expect(deletes()).toEqual([`${CATEGORY}/100`]);
    expect(treeLoads()).toBe(1);
  });

  it('enable / disable toggle toasts the server message', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('Archive') });
    server.on('post', `${CATEGORY}/300/enable`, changed('Enabled', 300)).on('post', `${CATEGORY}/100/disable`, changed('Disabled', 100));
    await user.click(screen.getByRole('switch', { name: 'Enable Archive' }));
    await waitFor(() => expect(server.callsTo('post', `${CATEGORY}/300/enable`)).toHaveLength(1));
    await waitFor(() => expect(toasts).toContain('success:Enabled'));

    await user.click(screen.getByRole('switch', { name: 'Disable News' }));
    await waitFor(() => expect(server.callsTo('post', `${CATEGORY}/100/disable`)).toHaveLength(1));
    await waitFor(() => expect(toasts).toContain('success:Disabled'));
  });

  it('moves a category up or down among its siblings: no up on the first, no down on the last, none on the root', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('News') });
    // Portal's children: News, Local, Archive.
    expect(screen.getByRole('button', { name: 'Move News up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move News down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Archive down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Local up' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Move Portal up' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move Portal down' })).toBeNull();

    const answer = deferred<StubReply>();
    server
      .on('post', `${CATEGORY}/100/move`, () => answer.promise)
      .on(
        'get',
        TREE,
        ok(
          placed([
            category(8, 'Portal', [
              category(804, 'Local', [category(805, 'City')]),
              category(100, 'News', [category(101, 'World', [category(102, 'Europe')])]),
              category(300, 'Archive', [], { enabled: 0 }),
            ]),
          ]),
        ),
      );
    await user.click(screen.getByRole('button', { name: 'Move News down' }));
    await waitFor(() => expect(server.bodies('post', `${CATEGORY}/100/move`)).toEqual([{ direction: 'down' }]));
    // A browser drops the focus of a button that gets disabled (busy) or moved in the DOM; jsdom
    // keeps it, so the focus goes elsewhere here by hand.
    const elsewhere = document.body.appendChild(document.createElement('input'));
    act(() => elsewhere.focus());
    expect(elsewhere).toHaveFocus();
    await act(async () => answer.resolve(changed('Moved', 100)));
    await waitFor(() => expect(toasts).toContain('success:Moved'));
    // The reloaded tree shows the new order; News is no longer first.
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('treeitem')
          .filter((item) => item.getAttribute('aria-level') === '2')
          .map((item) => item.getAttribute('aria-label')?.split(', ')[0]),
      ).toEqual(['Local', 'News', 'Archive']),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move News up' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Move Local up' })).toBeDisabled();
    // The keyboard focus is back on the moved row's button.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move News down' })).toHaveFocus());
    elsewhere.remove();
  });

  it('a refused move toasts the server message', async () => {
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('Local') });
    server.on('post', `${CATEGORY}/:id/move`, fail(400, '"Local" (804) is already the first under its parent'));
    await user.click(screen.getByRole('button', { name: 'Move Local up' }));
    await waitFor(() => expect(server.bodies('post', `${CATEGORY}/804/move`)).toEqual([{ direction: 'up' }]));
    await waitFor(() => expect(toasts).toContain('error:"Local" (804) is already the first under its parent'));
  });

  it('German toasts', async () => {
    await setLanguage('de');
    const user = userEvent.setup();
    renderManager();
    await screen.findByRole('treeitem', { name: treeItemName('Archive') });
    server.on('delete', `${CATEGORY}/:id`, changed('Deleted', null));
    await user.click(screen.getByRole('button', { name: 'Archive löschen' }));
    expect(await screen.findByText('Archive löschen?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(toasts).toContain('success:Gelöscht'));
  });
});
