import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fetchImporter, fetchImporters } from '../features/scheduled-imports/api/importersApi';
import type { Importer } from '../features/scheduled-imports';
import { screens } from '../routes';

jest.setTimeout(30_000);
jest.mock('../features/scheduled-imports/api/importersApi', () => ({
  fetchImporters: jest.fn(),
  fetchImporter: jest.fn(),
}));
const listMock = fetchImporters as jest.MockedFunction<typeof fetchImporters>;
const oneMock = fetchImporter as jest.MockedFunction<typeof fetchImporter>;

const importer = (id: number, patch: Partial<Importer> = {}): Importer => ({
  id,
  title: `Feed ${id}`,
  feed_url: `https://feed.test/${id}.xml`,
  plugin: 'rss',
  schedule: 1,
  enabled: 1,
  defaults: {},
  ...patch,
});

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/import', ...screens.list, HydrateFallback: () => null },
      { path: '/import/new', ...screens.editor, HydrateFallback: () => null },
      { path: '/import/edit/:id', ...screens.editor, HydrateFallback: () => null },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  listMock.mockReset();
  oneMock.mockReset();
});

describe('scheduled imports list (/import)', () => {
  it('shows No records found in an info alert when there are no imports', async () => {
    listMock.mockResolvedValue([]);
    renderAt('/import');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No records found');
    expect(alert.className).toMatch(/ant-alert-info/);
    expect(screen.getByRole('columnheader', { name: /Action/ })).toBeInTheDocument();
  });

  it('lists ID, Name, Feed, Schedule and Action with schedule labels and enabled icons', async () => {
    listMock.mockResolvedValue([
      importer(1, { schedule: 1 }),
      importer(2, { schedule: 2, enabled: 0 }),
      importer(3, { schedule: 3 }),
      importer(4, { schedule: '4' }),
      importer(5, { schedule: 9 }),
    ]);
    renderAt('/import');
    await screen.findByText('Feed 1');
    for (const name of ['ID', 'Name', 'Feed', 'Schedule', 'Action']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    const scheduleOf = (id: number) => within(screen.getByText(`Feed ${id}`).closest('tr')!).getAllByRole('cell')[3];
    expect(scheduleOf(1)).toHaveTextContent('Hourly');
    expect(scheduleOf(2)).toHaveTextContent('Daily');
    expect(scheduleOf(3)).toHaveTextContent('Weekly');
    expect(scheduleOf(4)).toHaveTextContent('Every 5 Mins');
    expect(scheduleOf(5)).toHaveTextContent('9');
    expect(screen.getAllByRole('img', { name: 'Enabled' })).toHaveLength(4);
    expect(screen.getAllByRole('img', { name: 'Disabled' })).toHaveLength(1);
    expect(screen.getByText('https://feed.test/3.xml')).toBeInTheDocument();
  });

  it('links name and pencil to /import/edit/{id}', async () => {
    listMock.mockResolvedValue([importer(7)]);
    oneMock.mockResolvedValue(importer(7));
    const user = userEvent.setup();
    const router = renderAt('/import');
    const name = await screen.findByRole('link', { name: 'Feed 7' });
    expect(name).toHaveAttribute('href', '/import/edit/7');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/import/edit/7');
    await user.click(name);
    await waitFor(() => expect(router.state.location.pathname).toBe('/import/edit/7'));
    expect(await screen.findByText('Edit scheduled import')).toBeInTheDocument();
    expect(oneMock).toHaveBeenCalledWith(7, expect.anything());
  });

  it('the New button goes to /import/new', async () => {
    listMock.mockResolvedValue([]);
    const user = userEvent.setup();
    const router = renderAt('/import');
    const button = await screen.findByRole('link', { name: /New/ });
    expect(button).toHaveAttribute('href', '/import/new');
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/import/new'));
    expect(await screen.findByText('New scheduled import')).toBeInTheDocument();
  });

  it('the refresh icon in the header reloads the list', async () => {
    listMock.mockResolvedValueOnce([]).mockResolvedValueOnce([importer(1)]);
    const user = userEvent.setup();
    renderAt('/import');
    await screen.findByText('No records found');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Feed 1')).toBeInTheDocument();
    expect(listMock).toHaveBeenCalledTimes(2);
  });

  it('a failed load shows the message', async () => {
    listMock.mockRejectedValue(new Error('Forbidden'));
    renderAt('/import');
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
  });

  it('shows the build label', async () => {
    listMock.mockResolvedValue([]);
    renderAt('/import');
    expect(await screen.findByTestId('build-label')).toHaveTextContent('remote-importers · build dev');
  });
});

describe('scheduled import editor', () => {
  it('/import/new shows the spec defaults without calling the API', async () => {
    renderAt('/import/new');
    const editor = await screen.findByTestId('importer-editor');
    expect(within(editor).getByText('New scheduled import')).toBeInTheDocument();
    const row = (label: string) => within(editor).getByText(label).closest('tr')!;
    expect(row('Schedule')).toHaveTextContent('Hourly');
    expect(row('Enabled')).toHaveTextContent('Yes');
    expect(row('Published State')).toHaveTextContent('Unpublished');
    expect(row('Date')).toHaveTextContent('Use date from feed');
    expect(row('Source Domain')).toHaveTextContent('Leave blank');
    expect(row('Date First Published')).toHaveTextContent('Leave blank');
    expect(row('TinyURL')).toHaveTextContent('-Leave blank-');
    expect(row('Main Image')).toHaveTextContent('No image');
    expect(listMock).not.toHaveBeenCalled();
    expect(oneMock).not.toHaveBeenCalled();
  });

  it('/import/edit/:id shows the import being edited', async () => {
    oneMock.mockResolvedValue(
      importer(3, { title: 'Wire', schedule: 3, enabled: 0, defaults: '{"published":"4","tinyURL":"2"}' }),
    );
    renderAt('/import/edit/3');
    const editor = await screen.findByTestId('importer-editor');
    const row = (label: string) => within(editor).getByText(label).closest('tr')!;
    expect(row('Title')).toHaveTextContent('Wire');
    expect(row('Schedule')).toHaveTextContent('Weekly');
    expect(row('Enabled')).toHaveTextContent('No');
    expect(row('Published State')).toHaveTextContent('Awaiting approval');
    expect(row('TinyURL')).toHaveTextContent('Generate TinyURL from article');
    expect(row('Date')).toHaveTextContent('—');
  });

  it('an unknown id says so', async () => {
    oneMock.mockResolvedValue(null);
    renderAt('/import/edit/99');
    expect(await screen.findByText('Scheduled import 99 was not found.')).toBeInTheDocument();
  });

  it('a malformed id is not looked up', async () => {
    renderAt('/import/edit/abc');
    expect(await screen.findByText('Scheduled import abc was not found.')).toBeInTheDocument();
    expect(oneMock).not.toHaveBeenCalled();
  });

  it('Close goes back to /import', async () => {
    listMock.mockResolvedValue([]);
    const user = userEvent.setup();
    const router = renderAt('/import/new');
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/import'));
    expect(await screen.findByText('No records found')).toBeInTheDocument();
  });
});
