import { act, screen, waitFor, within } from '@testing-library/react';
import { isMissingRightError, setLanguage, toast, type ToastEvent } from 'shared';
import { deferred, fail, inTurn, ok, type StubReply, type StubServer } from 'shared/test/stubServer';
import { setupUser } from 'shared/test/user';
import { screens } from '../routes';
import { IMPORTERS, importer, importRun, renderAt, signInWith } from './testSupport';

// antd modals and tables under jsdom are slow on a busy 2-core machine.
jest.setTimeout(120_000);

// The screens' calls are answered at the network by the stub server (the real importersApi and
// shared's HTTP client run); signed in with the right import, which the screens' loaders ask for
// (issue 11, defect 4).
let server: StubServer;
beforeEach(async () => {
  server = await signInWith(['import']);
});
const listLoads = () => server.callsTo('get', IMPORTERS).length;
const answerImporters = (...replies: [StubReply, ...StubReply[]]) => server.on('get', IMPORTERS, inTurn(...replies));
/** The manual runs asked for: GET /cron/import/{group} or /cron/import/single/{id}, with ?simulate=0|1. */
const runs = () => server.calls.filter((call) => call.url?.startsWith('/cron/import/')).map((call) => call.url);
const answerRuns = (reply: StubReply | Promise<StubReply>) =>
  server.on('get', '/cron/import/:group', () => reply).on('get', '/cron/import/single/:id', () => reply);

let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  toasts = [];
  unsubscribe = toast.subscribe((event) => toasts.push(event));
});
afterEach(async () => {
  unsubscribe();
  await act(() => setLanguage('en'));
});

const rowOf = (title: string) => screen.getByText(title).closest('tr')!;

describe('without the right import (issue 11, defect 4)', () => {
  it.each([
    ['list', '/import', {}],
    ['editor', '/import/new', {}],
    ['editor', '/import/edit/3', { id: '3' }],
  ] as const)('the %s loader of %s refuses before loading anything', async (name, url, params) => {
    server = await signInWith(['create_article', 'approve_article']);
    const loader = screens[name].loader as (args: unknown) => Promise<unknown>;
    const refusal = await loader({ request: new Request(`http://localhost${url}`), params }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isMissingRightError(refusal)).toBe(true);
    expect((refusal as { right: string }).right).toBe('import');
    // Nothing was asked of the server but the sign-in.
    expect(server.calls.map((call) => call.url)).toEqual(['/api/v2/session', '/api/v2/user/permissions']);
    expect(toasts).toEqual([]);
  });
});

describe('scheduled imports list (/import)', () => {
  it('shows No records found in an info alert when there are no imports', async () => {
    renderAt('/import');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No records found');
    expect(alert.className).toMatch(/ant-alert-info/);
    expect(screen.getByRole('columnheader', { name: /Action/ })).toBeInTheDocument();
  });

  it('lists ID, Name, Feed, Schedule and Action with schedule labels, enabled icons and the last run', async () => {
    answerImporters(
      ok([
        importer(1, { schedule: 1, last_run: null }),
        importer(2, { schedule: 2, enabled: 0 }),
        importer(3, {
          schedule: 3,
          last_run: importRun({ id: 1, seen: 9, new: 4, duplicate: 5 }),
        }),
        importer(4, { schedule: 4, last_run: importRun({ id: 2, error: 'HTTP 500' }) }),
        importer(5, { schedule: 9 }),
      ]),
    );
    renderAt('/import');
    await screen.findByText('Feed 1');
    // The columns that give way on narrow screens show once antd has read the viewport (jsdom's is 1024 px wide).
    await screen.findByRole('columnheader', { name: /^Feed/ }, { timeout: 10_000 });
    for (const name of ['ID', 'Name', 'Feed', 'Schedule', 'Action']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    const cell = (id: number, column: string) => {
      const index = screen.getAllByRole('columnheader').findIndex((header) => header.textContent?.startsWith(column));
      return within(rowOf(`Feed ${id}`)).getAllByRole('cell')[index];
    };
    await waitFor(() => expect(cell(1, 'Schedule')).toHaveTextContent('Hourly'), { timeout: 10_000 });
    expect(cell(2, 'Schedule')).toHaveTextContent('Daily');
    expect(cell(3, 'Schedule')).toHaveTextContent('Weekly');
    expect(cell(4, 'Schedule')).toHaveTextContent('Every 5 Mins');
    expect(cell(5, 'Schedule')).toHaveTextContent('9');
    expect(cell(1, 'Last run')).toHaveTextContent('Never run');
    expect(cell(3, 'Last run')).toHaveTextContent('4 new, 5 duplicate, 0 failed');
    expect(cell(4, 'Last run')).toHaveTextContent('failed');
    expect(screen.getAllByRole('button', { name: 'Enabled: Disable' })).toHaveLength(4);
    expect(screen.getAllByRole('button', { name: 'Disabled: Enable' })).toHaveLength(1);
    // The single-run button shows only for enabled rows.
    expect(within(rowOf('Feed 1')).getByRole('button', { name: 'Run Feed 1 now' })).toBeInTheDocument();
    expect(within(rowOf('Feed 2')).queryByRole('button', { name: /^Run / })).not.toBeInTheDocument();
  });

  it('links name and pencil to /import/edit/{id}', async () => {
    answerImporters(ok([importer(7)]));
    server.on('get', `${IMPORTERS}/7`, ok(importer(7)));
    const user = setupUser();
    const router = renderAt('/import');
    const name = await screen.findByRole('link', { name: 'Feed 7' });
    expect(name).toHaveAttribute('href', '/import/edit/7');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/import/edit/7');
    await user.click(name);
    await waitFor(() => expect(router.state.location.pathname).toBe('/import/edit/7'));
    expect(await screen.findByText('Edit scheduled import')).toBeInTheDocument();
  });

  it('the New button goes to /import/new', async () => {
    const user = setupUser();
    const router = renderAt('/import');
    const button = await screen.findByRole('link', { name: /New/ });
    expect(button).toHaveAttribute('href', '/import/new');
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/import/new'));
    expect(await screen.findByText('New scheduled import')).toBeInTheDocument();
  });

  it('the refresh icon in the header reloads the list', async () => {
    answerImporters(ok([]), ok([importer(1)]));
    const user = setupUser();
    renderAt('/import');
    await screen.findByText('No records found');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Feed 1')).toBeInTheDocument();
    expect(listLoads()).toBe(2);
  });

  it('a failed load shows the message', async () => {
    answerImporters(fail(403, 'Forbidden'));
    renderAt('/import');
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
  });

  it('marks the screen with its build, and shows no developer footer', async () => {
    renderAt('/import');
    expect(await screen.findByTestId('import-list')).toHaveAttribute('data-build', 'dev');
    expect(screen.queryByText(/remote-importers|· build/)).toBeNull();
  });

  it.each([
    ['Enabled: Disable', 'Disable', 1, false, 'Disabled'],
    ['Disabled: Enable', 'Enable', 0, true, 'Enabled'],
  ] as const)('%s asks "Confirm %s", runs it, toasts, reloads', async (button, action, enabled, expected, message) => {
    answerImporters(ok([importer(1, { enabled })]));
    server.on('post', `${IMPORTERS}/1/${action.toLowerCase()}`, ok(null));
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: `Confirm ${action}` });
    expect(dialog).toHaveTextContent(`${action} the import "Feed 1"?`);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.callsTo('post', `${IMPORTERS}/1/${action.toLowerCase()}`)).toHaveLength(1));
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', message })));
    await waitFor(() => expect(listLoads()).toBe(2));
  });

  it('delete asks "Confirm Delete"; Cancel does nothing, OK deletes with "Deleted"', async () => {
    answerImporters(ok([importer(1)]));
    server.on('delete', `${IMPORTERS}/1`, ok(null));
    const deletes = () => server.callsTo('delete', `${IMPORTERS}/1`);
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: 'Delete Feed 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Feed 1' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', message: 'Deleted' })));
  });

  it('a failed action shows the server message as a toast', async () => {
    answerImporters(ok([importer(1)]));
    server.on('post', `${IMPORTERS}/1/disable`, fail(403, 'You do not have the right to manage imports'));
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: 'Enabled: Disable' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', message: 'You do not have the right to manage imports' })),
    );
  });

  it('a row opens its run history chart', async () => {
    answerImporters(ok([importer(1)]));
    server.on(
      'get',
      `${IMPORTERS}/1/runs`,
      ok([
        importRun({ id: 2, started: '2026-01-02T00:00:00Z', finished: '2026-01-02T00:00:01Z', seen: 3, new: 1, duplicate: 2 }),
        importRun({ id: 1, error: 'HTTP 500' }),
      ]),
    );
    const user = setupUser();
    renderAt('/import');
    await screen.findByText('Feed 1');
    await user.click(screen.getByRole('button', { name: /expand/i }));
    const chart = await screen.findByTestId('run-history-1');
    expect(server.callsTo('get', `${IMPORTERS}/1/runs`).map((call) => call.params)).toEqual([{ limit: 20 }]);
    expect(chart.querySelectorAll('g[data-run]')).toHaveLength(2);
    expect(chart).toHaveTextContent('New');
    expect(chart.querySelector('g[data-run="1"] title')).toHaveTextContent('Error: HTTP 500');
  });

  it("shows a run's error in the user's language by its code (the last run and the chart)", async () => {
    const failed = importRun({
      id: 1,
      error: 'The feed server answered HTTP 500',
      error_code: 'import_http_status',
      error_params: { status: 500 },
    });
    answerImporters(ok([importer(1, { last_run: failed })]));
    server.on('get', `${IMPORTERS}/1/runs`, ok([failed]));
    const user = setupUser();
    renderAt('/import');
    await screen.findByText('Feed 1');
    await user.click(screen.getByRole('button', { name: /expand/i }));
    const chart = await screen.findByTestId('run-history-1');
    await act(() => setLanguage('de'));
    await waitFor(() => expect(chart.querySelector('g[data-run="1"] title')).toHaveTextContent('Der Feed-Server antwortete mit HTTP 500'));
    expect(chart.querySelector('g[data-run="1"] title')).not.toHaveTextContent('The feed server');
    expect(rowOf('Feed 1').querySelector('[title="Der Feed-Server antwortete mit HTTP 500"]')).not.toBeNull();
  });
});

describe('Manually Run Import', () => {
  const result = {
    simulate: true,
    importers: [{ id: 1, title: 'Feed 1', status: 'ok', seen: 2, created: 1, duplicates: 1, failed: 0 }],
    items: [
      {
        id: 0,
        importer_id: 1,
        title: 'Fresh story',
        created: '2026-01-01T10:00:00Z',
        state: 1,
        url: 'https://x/1',
        introtext: '<p>Intro text</p>',
        text: '<p>Body text</p>',
      },
    ],
    failures: [],
  };

  /** The list with importer 1 and the run dialog opened from its header; the runs wait for `answer`. */
  async function openRunDialog() {
    answerImporters(ok([importer(1)]));
    const answer = deferred<StubReply>();
    answerRuns(answer.promise);
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: /^play-circle Run$/ }));
    return { user, dialog: await screen.findByRole('dialog'), answer };
  }

  it('has the simulation checkbox and the six buttons; a simulated run shows the marker, the results, a preview; Complete clears', async () => {
    const { user, dialog, answer } = await openRunDialog();
    expect(within(dialog).getByText('Manually Run Import')).toBeInTheDocument();
    for (const name of ['Run All', 'Run Every 5 Mins', 'Run Hourly', 'Run Daily', 'Run Weekly', 'Close']) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('checkbox', { name: 'Simulation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Run Daily' }));
    await waitFor(() => expect(runs()).toEqual(['/cron/import/2?simulate=1']));
    // Visible progress while running; the buttons wait.
    expect(await within(dialog).findByTestId('run-progress')).toHaveTextContent('Running the import…');
    expect(within(dialog).getByRole('button', { name: 'Run All' })).toBeDisabled();
    answer.resolve(ok(result));
    const results = await within(dialog).findByTestId('run-results');
    expect(within(results).getByTestId('simulation-marker')).toHaveTextContent('Simulation');
    expect(within(results).getByText('Fresh story')).toBeInTheDocument();
    expect(within(results).getByText('Published')).toBeInTheDocument();
    expect(results).toHaveTextContent('2 seen, 1 created, 1 duplicates, 0 failed');
    // A simulation changes nothing: the list is not reloaded.
    expect(listLoads()).toBe(1);
    await user.click(within(results).getByRole('button', { name: 'Preview' }));
    const frame = (await screen.findByTitle('Preview')) as HTMLIFrameElement;
    // The preview shows the imported article as it is split: its Intro, then its Text.
    expect(frame.getAttribute('srcdoc')).toContain('<h2>Intro</h2><p>Intro text</p><h2>Text</h2><p>Body text</p>');
    expect(frame.getAttribute('sandbox')).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(within(dialog).queryByTestId('run-results')).not.toBeInTheDocument());
  });

  it("lists each item a run could not import with its place in the feed, in the user's language", async () => {
    const { user, dialog, answer } = await openRunDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Run All' }));
    const failure = (position: number) => ({
      importer_id: 1,
      position,
      error: 'The item holds nothing (no title, link, GUID, text or any other field): it was not imported',
      error_code: 'import_item_empty',
      error_params: {},
    });
    answer.resolve(
      ok({
        ...result,
        simulate: false,
        importers: [{ id: 1, title: 'Feed 1', status: 'ok', seen: 3, created: 1, duplicates: 0, failed: 2 }],
        failures: [failure(2), failure(3)],
      }),
    );
    const list = await within(dialog).findByTestId('run-failures');
    expect(list).toHaveTextContent('2 items could not be imported');
    expect(list).toHaveTextContent(
      'Feed 1, item 3: The item holds nothing (no title, link, GUID, text or any other field): it was not imported',
    );
    await act(() => setLanguage('de'));
    await waitFor(() => expect(list).toHaveTextContent('2 Einträge konnten nicht importiert werden'));
    expect(list).toHaveTextContent('Feed 1, Eintrag 2: Der Eintrag enthält nichts');
  });

  it("shows an importer's run error in the user's language by its code", async () => {
    const { user, dialog, answer } = await openRunDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Run All' }));
    await act(() => setLanguage('de'));
    answer.resolve(
      ok({
        simulate: false,
        importers: [
          {
            id: 1,
            title: 'Feed 1',
            status: 'error',
            error: 'The feed did not load within 30 s',
            error_code: 'import_timeout',
            error_params: { seconds: 30 },
            seen: 0,
            created: 0,
            duplicates: 0,
            failed: 0,
          },
        ],
        items: [],
      }),
    );
    const results = await within(dialog).findByTestId('run-results');
    expect(within(results).getByRole('alert')).toHaveTextContent('Der Feed wurde nicht innerhalb von 30 s geladen');
    expect(results).not.toHaveTextContent('The feed did not load');
  });

  it("says, for an item imported without its image, why, in the user's language", async () => {
    const { user, dialog, answer } = await openRunDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Run All' }));
    await act(() => setLanguage('de'));
    const item = {
      ...result.items[0]!,
      id: 7,
      image_error: 'The image server answered HTTP 404',
      image_error_code: 'import_image_http_status',
      image_error_params: { status: 404 },
    };
    answer.resolve(ok({ ...result, simulate: false, items: [item, { ...result.items[0]!, id: 8, title: 'With image' }] }));
    const results = await within(dialog).findByTestId('run-results');
    const notes = await within(results).findAllByTestId('run-item-image-error');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveTextContent('Ohne Bild importiert: Der Bildserver antwortete mit HTTP 404');
    expect(notes[0]!.closest('tr')).toHaveTextContent('Fresh story');
  });

  it('a real single run from a row calls the single run and reloads the list', async () => {
    answerImporters(ok([importer(4)]));
    answerRuns(ok({ ...result, simulate: false }));
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: 'Run Feed 4 now' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Run "Feed 4"' }));
    await waitFor(() => expect(runs()).toEqual(['/cron/import/single/4?simulate=0']));
    const results = await within(dialog).findByTestId('run-results');
    expect(within(results).queryByTestId('simulation-marker')).not.toBeInTheDocument();
    await waitFor(() => expect(listLoads()).toBe(2));
  });

  it('an error stops running and shows a toast', async () => {
    const { user, dialog } = await openRunDialog();
    answerRuns(fail(500, 'Internal server error'));
    await user.click(within(dialog).getByRole('button', { name: 'Run All' }));
    await waitFor(() => expect(runs()).toEqual(['/cron/import/-1?simulate=0']));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', message: 'The run failed: Internal server error' })),
    );
    expect(within(dialog).queryByTestId('run-progress')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Run All' })).toBeEnabled();
  });

  it('Close closes the modal', async () => {
    const { user, dialog } = await openRunDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Manually Run Import')).not.toBeInTheDocument());
  });
});
