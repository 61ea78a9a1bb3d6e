import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ActivityEntry } from 'contracts/schemas/activity';
import { setLanguage } from 'shared';
import { signIn } from 'shared/test/fixtures';
import { ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { setupUser } from 'shared/test/user';
import { screens } from '../../routes';
import './ActivityScreen';

jest.setTimeout(30_000);

// The log and the users are answered at the network by the stub server; rights come from a real
// sign-in through shared's session.
const ACTIVITY = '/api/v2/activity';
let server: StubServer;
const signInWith = (rights: string[]) => signIn(server, 'tok-activity', rights);

const entry = (id: number, patch: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id,
  at: '2026-11-24T08:00:00.000Z',
  actor: { id: 2, name: 'Erin Editor' },
  entity: 'article',
  entity_id: 7,
  entity_label: 'Harbour opens at dawn',
  action: 'update',
  changes: { title: { from: 'Harbour opens', to: 'Harbour opens at dawn' } },
  details: null,
  names: {},
  ...patch,
});

function renderActivity(url = '/activity') {
  const router = createMemoryRouter(
    [
      {
        path: '/activity',
        loader: screens.activity.loader,
        Component: screens.activity.Component,
        HydrateFallback: () => null,
        ErrorBoundary: () => <p>refused</p>,
      },
      { path: '/articles', Component: () => <p>article portal</p> },
      { path: '/import/edit/:id', Component: () => <p>importer form</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const lastQuery = () => server.callsTo('get', ACTIVITY).at(-1)?.params;

beforeEach(async () => {
  server = setupStub()
    .on(
      'get',
      '/api/v2/portal/creators',
      ok([
        { id: 1, name: 'Alex Admin' },
        { id: 2, name: 'Erin Editor' },
      ]),
    )
    .on(
      'get',
      ACTIVITY,
      ok(
        [
          entry(3),
          entry(2, {
            entity: 'importer',
            entity_id: 4,
            entity_label: 'Wire',
            action: 'run',
            changes: {},
            details: { status: 'ok', created: 3 },
          }),
          entry(1, {
            actor: null,
            entity: 'user',
            entity_id: null,
            entity_label: null,
            action: 'sign_in_refused',
            changes: {},
            details: { username: 'bob' },
          }),
        ],
        { total: 45 },
      ),
    );
  await signInWith(['view_activity']);
});

describe('Activity screen', () => {
  it('without view_activity the loader refuses (the shell shows why), and asks nothing', async () => {
    await signInWith([]);
    renderActivity();
    expect(await screen.findByText('refused')).toBeInTheDocument();
    expect(server.callsTo('get', ACTIVITY)).toEqual([]);
  });

  it('shows each entry readably: who, action, the record linked, before → after, details', async () => {
    renderActivity();
    const link = await screen.findByRole('link', { name: 'Article #7: Harbour opens at dawn' });
    expect(link).toHaveAttribute('href', '/articles?edit=7');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Erin Editor')).toBeInTheDocument();
    expect(within(row).getByText('Changed')).toBeInTheDocument();
    expect(within(row).getByText('Harbour opens').tagName).toBe('DEL');
    expect(within(row).getByText('Harbour opens at dawn', { selector: 'ins' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Importer #4: Wire' })).toHaveAttribute('href', '/import/edit/4');
    expect(screen.getByText('Articles created: 3')).toBeInTheDocument();
    const refused = screen.getByText('Login name tried: bob').closest('tr')!;
    expect(within(refused).getByText('Not signed in')).toBeInTheDocument();
    expect(within(refused).getByText('Sign-in refused')).toBeInTheDocument();
    expect(screen.getByText('45 entries')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ limit: 20, limitStart: 0 });
  });

  it('names categories and images (the names the API sends with the entry), never bare ids; a restored version reads so', async () => {
    server.on(
      'get',
      ACTIVITY,
      ok(
        [
          entry(9, {
            action: 'restore_revision',
            changes: {
              catid: { from: 804, to: 100 },
              topics: { from: [100], to: [100, 555] },
              main_image: { from: null, to: 1 },
            },
            details: { restored_version: 2 },
            names: { 'category:804': 'Sport', 'category:100': 'News', 'image:1': 'Pier at dawn' },
          }),
        ],
        { total: 1 },
      ),
    );
    renderActivity();
    const changes = await screen.findByTestId('activity-changes');
    const lines = [...changes.querySelectorAll('li')].map((line) => line.textContent);
    expect(lines).toEqual([
      'Category: Sport → News',
      // A category that is gone keeps its id.
      'Topics: News → News, #555',
      'Main image: (none) → Pier at dawn',
      'Version brought back: 2',
    ]);
    expect(within(changes.closest('tr')!).getByText('Restored a version')).toBeInTheDocument();
  });

  it('a created record lists its values without a before', async () => {
    server.on('get', ACTIVITY, ok([entry(9, { action: 'create', changes: { title: { from: null, to: 'Harbour opens' } } })], { total: 1 }));
    renderActivity();
    const changes = await screen.findByTestId('activity-changes');
    expect(changes).toHaveTextContent(/^Title: Harbour opens$/);
    expect(changes.querySelector('del')).toBeNull();
  });

  it('reads the filter from the URL; days go to the API as instants of the local day', async () => {
    renderActivity('/activity?user=2&entity=article&entity_id=7&action=update&from=2026-11-01&to=2026-11-02&limit=50&limitStart=50');
    await screen.findByText('45 entries');
    expect(lastQuery()).toEqual({
      user: 2,
      entity: 'article',
      entity_id: 7,
      action: 'update',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 3).toISOString(),
      limit: 50,
      limitStart: 50,
    });
    expect(screen.getByText('Only Article #7')).toBeInTheDocument();
  });

  it('a filter chosen goes into the URL, loads again from the first page; Clear filters empties it', async () => {
    const user = setupUser();
    const router = renderActivity('/activity?limitStart=20');
    await screen.findByText('45 entries');
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByText('Deleted', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=delete'));
    await waitFor(() => expect(lastQuery()).toEqual({ action: 'delete', limit: 20, limitStart: 0 }));

    await user.type(screen.getByLabelText('From'), '2026-11-03{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?action=delete&from=2026-11-03'));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('days given backwards: says so, asks the log nothing, marks both days; Swap the days loads the range', async () => {
    const user = setupUser();
    const router = renderActivity('/activity?from=2026-11-05&to=2026-11-01');
    const alert = await screen.findByTestId('activity-range-reversed');
    expect(alert).toHaveTextContent('The first day (2026-11-05) is after the last day (2026-11-01): no entry can match.');
    expect(server.callsTo('get', ACTIVITY)).toEqual([]);
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-describedby', 'activity-range-reversed');

    await user.click(within(alert).getByRole('button', { name: 'Swap the days' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-05'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        from: new Date(2026, 10, 1).toISOString(),
        to: new Date(2026, 10, 6).toISOString(),
        limit: 20,
        limitStart: 0,
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('activity-range-reversed')).toBeNull());
  });

  it('in German the days are shown and read as German days (the URL keeps ISO days)', async () => {
    await setLanguage('de');
    try {
      const user = setupUser();
      const router = renderActivity('/activity?from=2026-11-05&to=2026-11-01');
      const alert = await screen.findByTestId('activity-range-reversed');
      expect(alert).toHaveTextContent('Der erste Tag (05.11.2026) liegt nach dem letzten Tag (01.11.2026)');
      expect(screen.getByLabelText('Von')).toHaveValue('05.11.2026');
      await user.clear(screen.getByLabelText('Bis'));
      await user.type(screen.getByLabelText('Bis'), '09.11.2026{Enter}');
      await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-05&to=2026-11-09'));
    } finally {
      await setLanguage('en');
    }
  });

  it('pages with the table pager', async () => {
    const user = setupUser();
    const router = renderActivity();
    await screen.findByText('45 entries');
    await user.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?limitStart=40'));
    await waitFor(() => expect(lastQuery()).toEqual({ limit: 20, limitStart: 40 }));
  });

  it('the row link opens the article in the portal', async () => {
    const user = setupUser();
    const router = renderActivity();
    await user.click(await screen.findByRole('link', { name: 'Article #7: Harbour opens at dawn' }));
    expect(await screen.findByText('article portal')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?edit=7');
  });
});
