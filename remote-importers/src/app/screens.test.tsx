import { act, screen, waitFor, within } from '@testing-library/react';
import { isMissingRightError, setLanguage, toast, type ToastEvent } from 'shared';
import * as api from '../features/scheduled-imports/api/importersApi';
import { screens } from '../routes';
import { importer, importRun, renderAt, signInWith } from './testSupport';
import { ok } from 'shared/test/stubServer';
import { setupUser } from 'shared/test/user';

// antd modals and tables under jsdom are slow on a busy 2-core machine.
jest.setTimeout(120_000);
jest.mock('../features/scheduled-imports/api/importersApi', () => ({
  fetchImporters: jest.fn(),
  fetchImporter: jest.fn(),
  setImporterEnabled: jest.fn(),
  deleteImporter: jest.fn(),
  runImport: jest.fn(),
  fetchRuns: jest.fn(),
  fetchPlugins: jest.fn().mockResolvedValue([]),
  fetchContentTypes: jest.fn().mockResolvedValue([]),
  fetchCreators: jest.fn().mockResolvedValue([]),
}));
// shared's lookup clients (the editor's lookups).
const mocked = api as jest.Mocked<typeof api>;

// The screens' loaders refuse a user without the right import (issue 11, defect 4).
beforeEach(async () => {
  // The editor's lookups from shared (the topics tree, the countries), answered empty at the network.
  const server = await signInWith(['import']);
  server.on('get', '/api/categories/tree', ok([])).on('get', '/api/v2/locations/countries', ok([]));
});

let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  mocked.fetchImporters.mockReset();
  mocked.fetchImporter.mockReset();
  mocked.setImporterEnabled.mockReset().mockResolvedValue(null);
  mocked.deleteImporter.mockReset().mockResolvedValue(null);
  mocked.runImport.mockReset();
  mocked.fetchRuns.mockReset().mockResolvedValue([]);
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
    await signInWith(['create_article', 'approve_article']);
    const loader = screens[name].loader as (args: unknown) => Promise<unknown>;
    const refusal = await loader({ request: new Request(`http://localhost${url}`), params }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isMissingRightError(refusal)).toBe(true);
    expect((refusal as { right: string }).right).toBe('import');
    expect(mocked.fetchImporters).not.toHaveBeenCalled();
    expect(mocked.fetchImporter).not.toHaveBeenCalled();
    expect(mocked.fetchPlugins).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });
});

describe('scheduled imports list (/import)', () => {
  it('shows No records found in an info alert when there are no imports', async () => {
    mocked.fetchImporters.mockResolvedValue([]);
    renderAt('/import');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No records found');
    expect(alert.className).toMatch(/ant-alert-info/);
    expect(screen.getByRole('columnheader', { name: /Action/ })).toBeInTheDocument();
  });

  it('lists ID, Name, Feed, Schedule and Action with schedule labels, enabled icons and the last run', async () => {
    mocked.fetchImporters.mockResolvedValue([
      importer(1, { schedule: 1, last_run: null }),
      importer(2, { schedule: 2, enabled: 0 }),
      importer(3, {
        schedule: 3,
        last_run: importRun({
          id: 1,
          started: '2026-01-01T10:00:00Z',
          finished: '2026-01-01T10:00:05Z',
          seen: 9,
          new: 4,
          duplicate: 5,
          failed: 0,
          error: null,
        }),
      }),
      importer(4, {
        schedule: 4,
        last_run: importRun({
          id: 2,
          started: '2026-01-01T10:00:00Z',
          finished: '2026-01-01T10:00:05Z',
          seen: 0,
          new: 0,
          duplicate: 0,
          failed: 0,
          error: 'HTTP 500',
        }),
      }),
      importer(5, { schedule: 9 }),
    ]);
    renderAt('/import');
    await screen.findByText('Feed 1');
    for (const name of ['ID', 'Name', 'Feed', 'Schedule', 'Action']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    const cell = (id: number, column: string) => {
      const index = screen.getAllByRole('columnheader').findIndex((header) => header.textContent?.startsWith(column));
      return within(rowOf(`Feed ${id}`)).getAllByRole('cell')[index];
    };
    expect(cell(1, 'Schedule')).toHaveTextContent('Hourly');
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
    mocked.fetchImporters.mockResolvedValue([importer(7)]);
    mocked.fetchImporter.mockResolvedValue(importer(7));
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
    mocked.fetchImporters.mockResolvedValue([]);
    const user = setupUser();
    const router = renderAt('/import');
    const button = await screen.findByRole('link', { name: /New/ });
    expect(button).toHaveAttribute('href', '/import/new');
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/import/new'));
    expect(await screen.findByText('New scheduled import')).toBeInTheDocument();
  });

  it('the refresh icon in the header reloads the list', async () => {
    mocked.fetchImporters.mockResolvedValueOnce([]).mockResolvedValueOnce([importer(1)]);
    const user = setupUser();
    renderAt('/import');
    await screen.findByText('No records found');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Feed 1')).toBeInTheDocument();
    expect(mocked.fetchImporters).toHaveBeenCalledTimes(2);
  });

  it('a failed load shows the message', async () => {
    mocked.fetchImporters.mockRejectedValue(new Error('Forbidden'));
    renderAt('/import');
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
  });

  it('shows the build label', async () => {
    mocked.fetchImporters.mockResolvedValue([]);
    renderAt('/import');
    expect(await screen.findByTestId('build-label')).toHaveTextContent('remote-importers · build dev');
  });

  it.each([
    ['Enabled: Disable', 'Disable', 1, false, 'Disabled'],
    ['Disabled: Enable', 'Enable', 0, true, 'Enabled'],
  ] as const)('%s asks "Confirm %s", runs it, toasts, reloads', async (button, action, enabled, expected, message) => {
    mocked.fetchImporters.mockResolvedValue([importer(1, { enabled })]);
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: `Confirm ${action}` });
    expect(dialog).toHaveTextContent(`${action} the import "Feed 1"?`);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(mocked.setImporterEnabled).toHaveBeenCalledWith(1, expected));
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', message })));
    await waitFor(() => expect(mocked.fetchImporters).toHaveBeenCalledTimes(2));
  });

  it('delete asks "Confirm Delete"; Cancel does nothing, OK deletes with "Deleted"', async () => {
    mocked.fetchImporters.mockResolvedValue([importer(1)]);
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: 'Delete Feed 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mocked.deleteImporter).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete Feed 1' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(mocked.deleteImporter).toHaveBeenCalledWith(1));
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', message: 'Deleted' })));
  });

  it('a failed action shows the server message as a toast', async () => {
    mocked.fetchImporters.mockResolvedValue([importer(1)]);
    mocked.setImporterEnabled.mockRejectedValue(new Error('You do not have the right to manage imports'));
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: 'Enabled: Disable' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', message: 'You do not have the right to manage imports' })),
    );
  });

  it('a row opens its run history chart', async () => {
    mocked.fetchImporters.mockResolvedValue([importer(1)]);
    mocked.fetchRuns.mockResolvedValue([
      importRun({
        id: 2,
        started: '2026-01-02T00:00:00Z',
        finished: '2026-01-02T00:00:01Z',
        seen: 3,
        new: 1,
        duplicate: 2,
        failed: 0,
        error: null,
      }),
      importRun({
        id: 1,
        started: '2026-01-01T00:00:00Z',
        finished: '2026-01-01T00:00:01Z',
        seen: 0,
        new: 0,
        duplicate: 0,
        failed: 0,
        error: 'HTTP 500',
      }),
    ]);
    const user = setupUser();
    renderAt('/import');
    await screen.findByText('Feed 1');
    await user.click(screen.getByRole('button', { name: /expand/i }));
    const chart = await screen.findByTestId('run-history-1');
    expect(mocked.fetchRuns).toHaveBeenCalledWith(1, expect.anything());
    expect(chart.querySelectorAll('g[data-run]')).toHaveLength(2);
    expect(chart).toHaveTextContent('New');
    expect(chart.querySelector('g[data-run="1"] title')).toHaveTextContent('Error: HTTP 500');
  });

  it("shows a run's error in the user's language by its code (the last run and the chart)", async () => {
    const failed = importRun({
      id: 1,
      started: '2026-01-01T00:00:00Z',
      finished: '2026-01-01T00:00:01Z',
      seen: 0,
      new: 0,
      duplicate: 0,
      failed: 0,
      error: 'The feed server answered HTTP 500',
      error_code: 'import_http_status',
      error_params: { status: 500 },
    });
    mocked.fetchImporters.mockResolvedValue([importer(1, { last_run: failed })]);
    mocked.fetchRuns.mockResolvedValue([failed]);
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
      },
    ],
  };

  it('has the simulation checkbox and the six buttons; a simulated run shows the marker, the results, a preview; Complete clears', async () => {
    mocked.fetchImporters.mockResolvedValue([importer(1)]);
    let resolve: (value: unknown) => void = () => undefined;
    mocked.runImport.mockImplementation(() => new Promise((r) => (resolve = r)));
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: /^play-circle Run$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Manually Run Import')).toBeInTheDocument();
    for (const name of ['Run All', 'Run Every 5 Mins', 'Run Hourly', 'Run Daily', 'Run Weekly', 'Close']) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('checkbox', { name: 'Simulation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Run Daily' }));
    expect(mocked.runImport).toHaveBeenCalledWith({ kind: 'group', group: 2 }, true);
    // Visible progress while running; the buttons wait.
    expect(await within(dialog).findByTestId('run-progress')).toHaveTextContent('Running the import…');
    expect(within(dialog).getByRole('button', { name: 'Run All' })).toBeDisabled();
    resolve(result);
    const results = await within(dialog).findByTestId('run-results');
    expect(within(results).getByTestId('simulation-marker')).toHaveTextContent('Simulation');
    expect(within(results).getByText('Fresh story')).toBeInTheDocument();
    expect(within(results).getByText('Published')).toBeInTheDocument();
    expect(results).toHaveTextContent('2 seen, 1 created, 1 duplicates, 0 failed');
    // A simulation changes nothing: the list is not reloaded.
    expect(mocked.fetchImporters).toHaveBeenCalledTimes(1);
    await user.click(within(results).getByRole('button', { name: 'Preview' }));
    const frame = (await screen.findByTitle('Preview')) as HTMLIFrameElement;
    expect(frame.getAttribute('srcdoc')).toContain('<p>Intro text</p>');
    expect(frame.getAttribute('sandbox')).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(within(dialog).queryByTestId('run-results')).not.toBeInTheDocument());
  });

  it("shows an importer's run error in the user's language by its code", async () => {
    mocked.fetchImporters.mockResolvedValue([importer(1)]);
    let resolve: (value: unknown) => void = () => undefined;
    mocked.runImport.mockImplementation(() => new Promise((r) => (resolve = r)));
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: /^play-circle Run$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Run All' }));
    await act(() => setLanguage('de'));
    resolve({
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
    });
    const results = await within(dialog).findByTestId('run-results');
    expect(within(results).getByRole('alert')).toHaveTextContent('Der Feed wurde nicht innerhalb von 30 s geladen');
    expect(results).not.toHaveTextContent('The feed did not load');
  });

  it('a real single run from a row calls the single run and reloads the list', async () => {
    mocked.fetchImporters.mockResolvedValue([importer(4)]);
    mocked.runImport.mockResolvedValue({ ...result, simulate: false });
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: 'Run Feed 4 now' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Run "Feed 4"' }));
    expect(mocked.runImport).toHaveBeenCalledWith({ kind: 'single', id: 4 }, false);
    const results = await within(dialog).findByTestId('run-results');
    expect(within(results).queryByTestId('simulation-marker')).not.toBeInTheDocument();
    await waitFor(() => expect(mocked.fetchImporters).toHaveBeenCalledTimes(2));
  });

  it('an error stops running and shows a toast', async () => {
    mocked.fetchImporters.mockResolvedValue([importer(1)]);
    mocked.runImport.mockRejectedValue(new Error('Internal server error'));
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: /^play-circle Run$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Run All' }));
    expect(mocked.runImport).toHaveBeenCalledWith({ kind: 'group', group: -1 }, false);
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', message: 'The run failed: Internal server error' })),
    );
    expect(within(dialog).queryByTestId('run-progress')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Run All' })).toBeEnabled();
  });

  it('Close closes the modal', async () => {
    mocked.fetchImporters.mockResolvedValue([]);
    const user = setupUser();
    renderAt('/import');
    await user.click(await screen.findByRole('button', { name: /^play-circle Run$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Manually Run Import')).not.toBeInTheDocument());
  });
});
