import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Desk } from 'contracts/schemas/desks';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setLanguage, toast, type ToastEvent } from 'shared';
import { signIn } from 'shared/test/fixtures';
import { fail, inTurn, ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { screens } from '../../routes';

jest.setTimeout(30_000);

const NEWS: Desk = {
  id: 1,
  name: 'News',
  version: 4,
  members: [{ id: 2, name: 'Eddie Editor' }],
  stages: [
    { id: 11, name: 'Pitch', position: 1, leave_right: null },
    { id: 12, name: 'Copy', position: 2, leave_right: 'approve_article' },
    { id: 13, name: 'Ready', position: 3, leave_right: null },
  ],
};
const PEOPLE = [
  { id: 2, name: 'Eddie Editor', username: 'editor' },
  { id: 5, name: 'Sam Submitter', username: 'submitter' },
];

let server: StubServer;
let toasts: ToastEvent[];

beforeEach(async () => {
  toasts = [];
  server = setupStub()
    .on('get', '/api/v2/desks', ok([NEWS]))
    .on('get', '/api/v2/portal/creators', ok(PEOPLE));
  await signIn(server, 'tok-manage', ['manage_desks']);
  toast.subscribe((event) => toasts.push(event));
});

afterEach(async () => {
  await setLanguage('en');
});

function renderManage() {
  const router = createMemoryRouter(
    [{ path: '/desk/manage', loader: screens.manage.loader, Component: screens.manage.Component, HydrateFallback: () => null }],
    { initialEntries: ['/desk/manage'] },
  );
  render(<RouterProvider router={router} />);
}

describe('Manage desks', () => {
  it('reorders a stage by keyboard (announced), adds a member and saves the desk with its version', async () => {
    server.on('post', '/api/v2/desks/:id', (config) => ok({ ...NEWS, version: 5, ...JSON.parse(String(config.data)) }));
    renderManage();
    expect(await screen.findByRole('heading', { name: 'Manage desks' })).toBeInTheDocument();
    const copy = screen.getByRole('button', { name: 'Move Copy, stage 2 of 3' });
    fireEvent.keyDown(copy, { key: 'ArrowUp', altKey: true });
    expect(screen.getByTestId('desk-admin-announcement')).toHaveTextContent('Copy moved to position 1 of 3');
    expect(screen.getByRole('button', { name: 'Move Copy, stage 1 of 3' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sam Submitter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save desk' }));
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', message: 'Desk News saved' })));
    expect(server.bodies('post', '/api/v2/desks/:id')).toEqual([
      {
        version: 4,
        name: 'News',
        members: [2, 5],
        stages: [
          { id: 12, name: 'Copy', leave_right: 'approve_article' },
          { id: 11, name: 'Pitch', leave_right: null },
          { id: 13, name: 'Ready', leave_right: null },
        ],
      },
    ]);
  });

  it('creates a new desk with the default stages; a stale save is said and the stored desk shown', async () => {
    server
      .on('post', '/api/v2/desks', (config) => ok({ ...NEWS, id: 3, version: 1, ...JSON.parse(String(config.data)), members: [] }))
      .on(
        'post',
        '/api/v2/desks/:id',
        fail(409, 'Someone else has saved this desk in the meantime', 409, 'Conflict', { error: 'desk_stale_version' }),
      )
      .on('get', '/api/v2/desks', inTurn(ok([NEWS]), ok([{ ...NEWS, name: 'Newsroom', version: 6 }])));
    renderManage();
    const chooser = await screen.findByRole('combobox', { name: 'Desk' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'News 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save desk' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ type: 'error', message: 'Someone else has saved this desk in the meantime' }),
      ),
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Newsroom'));
    fireEvent.change(chooser, { target: { value: '' } });
    const form = screen.getByRole('form', { name: 'New desk' });
    expect(within(form).getAllByRole('button', { name: /^Move / })).toHaveLength(5);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Culture' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save desk' }));
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', message: 'Desk Culture saved' })));
    expect(server.bodies('post', '/api/v2/desks')).toEqual([
      {
        name: 'Culture',
        members: [],
        stages: ['Pitch', 'Writing', 'Editing', 'Copy', 'Ready'].map((name) => ({ name, leave_right: null })),
      },
    ]);
  });

  it('speaks German', async () => {
    await act(() => setLanguage('de'));
    renderManage();
    expect(await screen.findByRole('heading', { name: 'Ressorts verwalten' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy verschieben, Stufe 2 von 3' })).toBeInTheDocument();
    expect(screen.getAllByRole('option', { name: 'Artikel freizugeben' }).length).toBe(3);
  });
});
