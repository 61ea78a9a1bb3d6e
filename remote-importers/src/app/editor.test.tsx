import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  configureShared,
  setLanguage,
  toast,
  type CategoryNode,
  type CategoryTreePickerProps,
  type RemoteModuleLoader,
  type ToastEvent,
} from 'shared';
import { categoryNode } from 'shared/test/fixtures';
import { fail, inTurn, ok, type StubReply, type StubServer } from 'shared/test/stubServer';
import type { Importer } from '../features/scheduled-imports';
import { IMPORTERS, importer, renderAt, signInWith } from './testSupport';

// antd forms under jsdom are slow on a busy 2-core machine.
jest.setTimeout(120_000);

const node = (id: number, title: string, parent_id: number | null, level: number, subcategories: CategoryNode[] = []): CategoryNode =>
  categoryNode(id, title, level, subcategories, parent_id);
const TREE = [node(8, 'Portal', null, 1, [node(100, 'News', 8, 2, [node(101, 'World', 100, 3)]), node(200, 'Sport', 8, 2)])];

/** Stand-in for remote-categories' picker: buttons that report a selection like the real one. */
function FakePicker({ selectedIds, onChange }: CategoryTreePickerProps) {
  return (
    <div data-testid="fake-picker" data-selected={selectedIds.join(',')}>
      <button type="button" onClick={() => onChange([100, 101], [TREE[0]!.subcategories[0]!])}>
        tick News
      </button>
      <button type="button" onClick={() => onChange([200], [TREE[0]!.subcategories[1]!])}>
        tick only Sport
      </button>
    </div>
  );
}

// The screens' loaders refuse a user without the right import (issue 11, defect 4). The editor's
// calls (the import, its save, plugins, content types, users, places) and shared's lookups (topics
// tree, countries, states, tags, authors, image upload) are answered by the stub server.
let server: StubServer;
const calls = (method: string, path: string) => server.callsTo(method, path);
/** The saves the server got (POST /api/v2/portal/importer, a form: every field a string, defaults as JSON). */
const saves = () => server.bodies('post', IMPORTERS) as Record<string, string>[];
const answerImporter = (loaded: Importer) => server.on('get', `${IMPORTERS}/${loaded.id}`, ok(loaded));
const answerSaves = (...replies: [StubReply, ...StubReply[]]) => server.on('post', IMPORTERS, inTurn(...replies));
const statesCalls = () => server.calls.filter((call) => call.url?.startsWith('/api/locations/states/')).map((call) => call.url);
/** The host's federation loader (configureShared): which modules were asked for, and what it answers. */
let remoteIds: string[] = [];
let loadRemote: RemoteModuleLoader;
beforeEach(async () => {
  server = await signInWith(['import']);
  server
    .on('get', '/api/v2/authors', ok([{ id: 11, name: 'Ann Author' }]))
    .on('get', '/api/categories/tree', ok(TREE))
    .on('get', '/api/v2/locations/countries', ok([{ country_code: 'AU', country_name: 'Australia' }]))
    .on('get', '/api/locations/states/AU', ok([{ state_id: 5, state_name: 'New South Wales' }]))
    .on('get', `${IMPORTERS}/plugins`, ok([{ id: 'rss', title: 'RSS 0.9x / 2.0' }]))
    .on('get', '/api/v2/portal/content-types', ok([{ id: 'article', name: 'Article' }]))
    .on('get', '/api/v2/portal/creators', ok([{ id: 2, name: 'Erin Editor' }]))
    .on('get', '/api/v2/places', ok([]));
  remoteIds = [];
  loadRemote = (async () => ({ default: FakePicker })) as RemoteModuleLoader;
  configureShared({
    loadRemoteModule: (id) => {
      remoteIds.push(id);
      return loadRemote(id);
    },
  });
});

let toasts: ToastEvent[] = [];
let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  toasts = [];
  unsubscribe = toast.subscribe((event) => toasts.push(event));
});
afterEach(() => unsubscribe());

const form = () => screen.getByTestId('importer-form');
const itemOf = (label: string) => within(form()).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const shown = (label: string) => itemOf(label).querySelector('.ant-select-content, .ant-select-selection-item')?.textContent ?? '';

async function choose(label: string, option: string) {
  const combobox = within(itemOf(label)).getByRole('combobox');
  fireEvent.mouseDown(combobox);
  const item = await waitFor(() => {
    // Only the options of this select's own popup (closed popups of other selects stay in the DOM).
    const popup = document.getElementById(combobox.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown');
    const found = [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((element) => element.title === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

/** The option titles of a select's own popup. */
async function optionsOf(label: string): Promise<string[]> {
  const combobox = within(itemOf(label)).getByRole('combobox');
  fireEvent.mouseDown(combobox);
  return waitFor(() => {
    const popup = document.getElementById(combobox.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown');
    const titles = [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].map((element) => element.title);
    if (titles.length < 2) throw new Error(`no options for ${label}`);
    return titles;
  });
}

describe('scheduled import editor in German', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('names the feed types, content types and countries in German (the API sends English)', async () => {
    const feedTypes = [
      { id: 'feed', title: 'Any feed (auto-detect)' },
      { id: 'rss', title: 'RSS 0.9x / 2.0' },
      { id: 'newtype', title: 'A type this client has no text for' },
    ];
    const contentTypes = [
      { id: 'article', name: 'Article' },
      { id: 'event', name: 'Event' },
    ];
    const countries = [
      { country_code: 'AU', country_name: 'Australia' },
      { country_code: 'DE', country_name: 'Germany' },
    ];
    server
      .on('get', `${IMPORTERS}/plugins`, ok(feedTypes))
      .on('get', '/api/v2/portal/content-types', ok(contentTypes))
      .on('get', '/api/v2/locations/countries', ok(countries));
    await act(() => setLanguage('de'));
    renderAt('/import/new');
    await screen.findByTestId('importer-form');
    expect(await optionsOf('Feed-Typ')).toEqual([
      '-Feed-Typ wählen-',
      'Beliebiger Feed (automatisch erkennen)',
      'RSS 0.9x / 2.0',
      'A type this client has no text for',
    ]);
    expect(await optionsOf('Inhaltstyp')).toEqual(['-Inhaltstyp-', 'Artikel', 'Veranstaltung']);
    expect(await optionsOf('Land')).toEqual(['-Land-', 'Australien', 'Deutschland']);
  });
});

describe('scheduled import editor', () => {
  it('/import/new shows every field with the spec defaults (section 9)', async () => {
    renderAt('/import/new');
    expect(await screen.findByText('New scheduled import')).toBeInTheDocument();
    expect(shown('Feed Type')).toBe('-Select a feed type-');
    expect(shown('Schedule')).toBe('Hourly');
    expect(within(itemOf('Enabled')).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(shown('Published State')).toBe('Unpublished');
    expect(shown('Date')).toBe('Use date from feed');
    expect(shown('Type of Content')).toBe('-Type of Content-');
    expect(shown('User')).toBe('-User-');
    expect(shown('Source Domain')).toBe('Leave blank');
    expect(shown('Date First Published')).toBe('Leave blank');
    expect(shown('TinyURL')).toBe('-Leave blank-');
    expect(shown('Main Image')).toBe('No image');
    expect(shown('Country')).toBe('-Country-');
    expect(shown('Main Category')).toBe('-Main Category-');
    for (const label of ['Use source link', 'Videos at source', 'References at source']) {
      expect(screen.getByRole('checkbox', { name: label })).not.toBeChecked();
    }
    expect(within(itemOf('Feed URL')).getByRole('textbox')).toHaveAttribute('type', 'url');
    // Conditional fields are hidden until their choice asks for them.
    expect(screen.queryByText('Custom domain')).not.toBeInTheDocument();
    expect(screen.queryByText('Custom URL')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload image/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('fake-picker')).toBeInTheDocument();
    expect(remoteIds).toContain('remote_categories/CategoryTree');
  });

  it('Save on an invalid form does nothing and shows no message (spec section 5)', async () => {
    const user = userEvent.setup();
    const router = renderAt('/import/new');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(itemOf('Main Category').className).toMatch(/has-error/));
    expect(saves()).toEqual([]);
    expect(toasts).toEqual([]);
    expect(router.state.location.pathname).toBe('/import/new');
  });

  // Many steps through antd selects: slow under jsdom on a busy machine.
  it('fills the form, limits the main category to the selected topics, saves, says Saved and goes to /import', async () => {
    answerSaves(ok({ id: 12 }));
    server.on('post', '/api/tag', ok([{ id: 7, title: 'Wire' }]));
    const user = userEvent.setup();
    const router = renderAt('/import/new');
    await screen.findByText('New scheduled import');
    await user.click(within(itemOf('Title')).getByRole('textbox'));
    await user.paste('Wire feed');
    await user.click(within(itemOf('Feed URL')).getByRole('textbox'));
    await user.paste('https://example.com/rss.xml');
    await choose('Feed Type', 'RSS 0.9x / 2.0');
    await choose('Published State', 'Published');
    await choose('Type of Content', 'Article');
    await choose('User', 'Erin Editor');
    await user.click(screen.getByRole('checkbox', { name: 'Use source link' }));
    // Tags: empty text is ignored, then one tag; the same id again is ignored.
    await user.click(within(itemOf('Tags')).getByRole('button', { name: 'Add tag' }));
    expect(calls('post', '/api/tag')).toHaveLength(0);
    await user.type(within(itemOf('Tags')).getByRole('textbox'), 'Wire');
    await user.click(within(itemOf('Tags')).getByRole('button', { name: 'Add tag' }));
    await user.type(within(itemOf('Tags')).getByRole('textbox'), 'wire');
    await user.click(within(itemOf('Tags')).getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(within(screen.getByTestId('tag-list')).getAllByText('Wire')).toHaveLength(1));
    // Authors: the autocomplete asks from 3 characters (spec section 5).
    fireEvent.change(within(itemOf('Authors')).getByRole('combobox'), { target: { value: 'An' } });
    fireEvent.change(within(itemOf('Authors')).getByRole('combobox'), { target: { value: 'Ann' } });
    await waitFor(() => expect(calls('get', '/api/v2/authors').map((call) => call.params)).toEqual([{ term: 'Ann' }]));
    const author = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (element) => element.textContent === 'Ann Author',
      );
      if (!found) throw new Error('no author option');
      return found;
    });
    fireEvent.click(author);
    await waitFor(() => expect(within(screen.getByTestId('author-list')).getByText('Ann Author')).toBeInTheDocument());
    // No topics yet: no main category choice.
    fireEvent.mouseDown(within(itemOf('Main Category')).getByRole('combobox'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="News"]')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'tick News' }));
    await choose('Main Category', 'News');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const payload = saves()[0]!;
    expect(payload).toMatchObject({
      id: '0',
      title: 'Wire feed',
      feed_url: 'https://example.com/rss.xml',
      plugin: 'rss',
      schedule: '1',
      enabled: '1',
    });
    expect(JSON.parse(String(payload.defaults))).toMatchObject({
      published: '1',
      contentType: 'article',
      user: '2',
      use_source_link: '1',
      tags: [{ id: 7, title: 'Wire' }],
      authors: [{ id: 11, name: 'Ann Author' }],
      topics: [100, 101],
      mainCategory: '100',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/import'));
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', message: 'Saved' }));
  }, 180_000);

  it('a main category that leaves the topics is blanked', async () => {
    const user = userEvent.setup();
    renderAt('/import/new');
    await screen.findByText('New scheduled import');
    await user.click(screen.getByRole('button', { name: 'tick News' }));
    await choose('Main Category', 'News');
    expect(shown('Main Category')).toBe('News');
    await user.click(screen.getByRole('button', { name: 'tick only Sport' }));
    await waitFor(() => expect(shown('Main Category')).toBe('-Main Category-'));
  });

  it('shows the conditional fields: custom domain, custom URL, image upload and caption', async () => {
    renderAt('/import/new');
    await screen.findByText('New scheduled import');
    await choose('Source Domain', 'Custom');
    expect(await screen.findByText('Custom domain')).toBeInTheDocument();
    await choose('TinyURL', 'Custom');
    expect(await screen.findByText('Custom URL')).toBeInTheDocument();
    await choose('Main Image', 'Use custom image');
    expect(await screen.findByRole('button', { name: /Upload image/ })).toBeInTheDocument();
    expect(screen.getByText('Caption')).toBeInTheDocument();
    await choose('Main Image', 'No image');
    await waitFor(() => expect(screen.queryByText('Caption')).not.toBeInTheDocument());
  });

  it('uploads one image and shows its thumbnail', async () => {
    const upload = {
      id: 3,
      file_name: 'photo.jpg',
      file_thumbnail: '/api/image/3/thumb',
      url: '/api/image/3',
      thumb_url: '/api/image/3/thumb',
      description: '',
    };
    server.on('post', '/api/image', ok([{ upload }]));
    const user = userEvent.setup();
    renderAt('/import/new');
    await screen.findByText('New scheduled import');
    await choose('Main Image', 'Use image from article if available');
    const input = (await screen.findByRole('button', { name: /Upload image/ }))
      .closest('.ant-upload')!
      .querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(calls('post', '/api/image')).toHaveLength(1));
    const sent = calls('post', '/api/image')[0]?.data as FormData;
    expect([(sent.get('file') as File).name, sent.has('description')]).toEqual(['photo.jpg', false]);
    expect(await screen.findByRole('img', { name: 'Image' })).toHaveAttribute('src', '/api/image/3/thumb');
    expect(input).not.toHaveAttribute('multiple');
  });

  it('states load after a country; the suburb autocomplete fills State/Region, latitude, longitude and postcode', async () => {
    server.on(
      'get',
      '/api/v2/places',
      ok([
        {
          name: 'Surry Hills',
          state: '02',
          country_code: 'AU',
          state_id: 5,
          state_code: 'AU-NSW',
          state_name: 'New South Wales',
          postcode: '2010',
          latitude: -33.88,
          longitude: 151.21,
          formatted: 'Surry Hills NSW 2010, Australia',
        },
      ]),
    );
    const user = userEvent.setup();
    renderAt('/import/new');
    await screen.findByText('New scheduled import');
    expect(statesCalls()).toEqual([]);
    await choose('Country', 'Australia');
    await waitFor(() => expect(statesCalls()).toEqual(['/api/locations/states/AU']));
    await user.type(within(itemOf('Suburb')).getByRole('combobox'), 'Sur');
    await waitFor(() => expect(calls('get', '/api/v2/places').map((call) => call.params)).toEqual([{ term: 'Sur', country: 'AU' }]));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (element) => element.textContent === 'Surry Hills NSW 2010, Australia',
      );
      if (!found) throw new Error('no place option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(within(itemOf('Latitude')).getByRole('textbox')).toHaveValue('-33.88'));
    expect(within(itemOf('Longitude')).getByRole('textbox')).toHaveValue('151.21');
    expect(within(itemOf('Postcode')).getByRole('textbox')).toHaveValue('2010');
    expect(within(itemOf('Suburb')).getByRole('combobox')).toHaveValue('Surry Hills');
    expect(shown('State/Region')).toBe('New South Wales');
  });

  it('a suburb chosen with no country sets the country and its State/Region, and keeps a typed postcode the place lacks', async () => {
    server.on(
      'get',
      '/api/v2/places',
      ok([
        {
          name: 'Parramatta',
          state: '02',
          country_code: 'AU',
          state_id: 5,
          state_code: 'AU-NSW',
          state_name: 'New South Wales',
          latitude: -33.82,
          longitude: 151,
          formatted: 'Parramatta, New South Wales, AU',
        },
      ]),
    );
    const user = userEvent.setup();
    renderAt('/import/new');
    await screen.findByText('New scheduled import');
    await user.type(within(itemOf('Postcode')).getByRole('textbox'), '2150');
    await user.type(within(itemOf('Suburb')).getByRole('combobox'), 'Par');
    await waitFor(() => expect(calls('get', '/api/v2/places').map((call) => call.params)).toEqual([{ term: 'Par' }]));
    const option = await screen.findByText('Parramatta, New South Wales, AU', { selector: '.ant-select-item-option *' });
    fireEvent.click(option);
    await waitFor(() => expect(shown('State/Region')).toBe('New South Wales'));
    expect(shown('Country')).toBe('Australia');
    expect(statesCalls()).toEqual(['/api/locations/states/AU']);
    expect(within(itemOf('Postcode')).getByRole('textbox')).toHaveValue('2150');
    expect(within(itemOf('Latitude')).getByRole('textbox')).toHaveValue('-33.82');
  });

  it('edit mode fills the form from the loaded import, main category choices from the saved topics', async () => {
    answerImporter(
      importer(5, {
        title: 'Loaded',
        version: 7,
        schedule: 3,
        enabled: 0,
        defaults: {
          published: '4',
          contentType: 'article',
          user: '2',
          mainCategory: '100',
          topics: [100, 101],
          sourceDomain: '3',
          sourceDomainCustom: 'example.com',
          tags: [{ id: 1, title: 'Old' }],
        },
      }),
    );
    answerSaves(ok({ id: 5 }));
    const user = userEvent.setup();
    renderAt('/import/edit/5');
    expect(await screen.findByText('Edit scheduled import')).toBeInTheDocument();
    expect(within(itemOf('Title')).getByRole('textbox')).toHaveValue('Loaded');
    expect(shown('Schedule')).toBe('Weekly');
    expect(within(itemOf('Enabled')).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(shown('Published State')).toBe('Awaiting approval');
    expect(shown('Main Category')).toBe('News');
    expect(within(itemOf('Custom domain')).getByRole('textbox')).toHaveValue('example.com');
    expect(screen.getByTestId('fake-picker')).toHaveAttribute('data-selected', '100,101');
    // Remove the saved tag, then save: the id is kept.
    await user.click(screen.getByLabelText('Remove tag Old'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const payload = saves()[0]!;
    expect(payload).toMatchObject({ id: '5', version: '7', schedule: '3', enabled: '0' });
    expect(JSON.parse(String(payload.defaults))).toMatchObject({ tags: [], sourceDomain: '3', sourceDomainCustom: 'example.com' });
  });

  it('Save and simulate saves, opens the list and simulates the saved import there; nothing runs for real', async () => {
    answerImporter(
      importer(5, {
        title: 'Loaded',
        version: 7,
        defaults: { published: '4', contentType: 'article', user: '2', mainCategory: '100', topics: [100, 101] },
      }),
    );
    answerSaves(ok({ id: 5 }));
    server.on('get', IMPORTERS, ok([importer(5, { title: 'Loaded', version: 8 })]));
    server.on(
      'get',
      '/cron/import/single/:id',
      ok({
        simulate: true,
        importers: [{ id: 5, title: 'Loaded', status: 'ok', seen: 1, created: 1, duplicates: 0, failed: 0 }],
        items: [{ id: 0, importer_id: 5, title: 'Simulated story', created: '2026-01-01T10:00:00Z', state: 4, url: 'https://x/1' }],
      }),
    );
    const user = userEvent.setup();
    const router = renderAt('/import/edit/5');
    await screen.findByText('Edit scheduled import');
    await user.click(screen.getByRole('button', { name: 'Save and simulate' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ id: '5', version: '7' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/import'));
    const dialog = await screen.findByRole('dialog');
    const results = await within(dialog).findByTestId('run-results');
    expect(within(results).getByTestId('simulation-marker')).toHaveTextContent('Simulation');
    expect(within(results).getByText('Simulated story')).toBeInTheDocument();
    const runs = server.calls.filter((call) => call.url?.startsWith('/cron/import/')).map((call) => call.url);
    expect(runs).toEqual(['/cron/import/single/5?simulate=1']);
    // Closing spends the intent: the list stays, and going back to it does not simulate again.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.state).toBeNull();
  });

  it('a stale save (409) offers to reload their version or to overwrite it', async () => {
    const defaults = { contentType: 'article', user: '2', mainCategory: '100', topics: [100] };
    answerImporter(importer(5, { title: 'Mine', version: 2, defaults }));
    const theirs = importer(5, { title: 'Theirs', version: 3, defaults });
    // The first two saves are stale (the API's code and the import as it is now), the third goes through.
    const stale = fail(409, '…', 409, '', { error: 'importer_stale_version', field: 'version', current: theirs });
    answerSaves(stale, stale, ok({ id: 5 }));
    const user = userEvent.setup();
    const router = renderAt('/import/edit/5');
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    // Reload: their values in the form, no error toast, still on the form.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This import was changed by someone else after you opened it');
    expect(toasts.filter((event) => event.type === 'error')).toEqual([]);
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(within(itemOf('Title')).getByRole('textbox')).toHaveValue('Theirs');
    expect(router.state.location.pathname).toBe('/import/edit/5');

    // Overwrite: saved again with their version.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(saves()).toHaveLength(3));
    expect(saves()[2]).toMatchObject({ id: '5', version: '3', title: 'Theirs' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/import'));
  });

  it('a failed save shows the server message and stays', async () => {
    answerImporter(importer(5, { defaults: { contentType: 'article', user: '2', mainCategory: '100', topics: [100] } }));
    answerSaves(fail(400, 'defaults.user (2) is not a content creator'));
    const user = userEvent.setup();
    const router = renderAt('/import/edit/5');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', message: 'defaults.user (2) is not a content creator' })),
    );
    expect(router.state.location.pathname).toBe('/import/edit/5');
  });

  describe('field checks and server errors at their field (issue 11, defect 6)', () => {
    const loaded = () => importer(5, { defaults: { contentType: 'article', user: '2', mainCategory: '100', topics: [100] } });
    const explain = (label: string) => itemOf(label).querySelector('.ant-form-item-explain')?.textContent ?? '';
    afterEach(async () => {
      await act(async () => {
        await setLanguage('en');
      });
    });

    it.each([
      ['en', 'Latitude', 'Enter a latitude from -90 to 90 (up to 12 decimals)'],
      ['de', 'Breitengrad', 'Einen Breitengrad von -90 bis 90 eingeben (höchstens 12 Nachkommastellen)'],
    ])('%s: latitude 999 is refused at the field before anything is sent', async (language, label, text) => {
      await setLanguage(language as 'en' | 'de');
      answerImporter(loaded());
      const user = userEvent.setup();
      renderAt('/import/edit/5');
      await screen.findByRole('button', { name: language === 'en' ? 'Save' : 'Speichern' });
      await user.type(within(itemOf(label)).getByRole('textbox'), '999');
      await user.click(screen.getByRole('button', { name: language === 'en' ? 'Save' : 'Speichern' }));
      await waitFor(() => expect(explain(label)).toBe(text));
      expect(saves()).toEqual([]);
      expect(toasts).toEqual([]);
    });

    it("a refused save shows at the field the API names (data.field), in the form's words; no toast", async () => {
      answerImporter(loaded());
      answerSaves(
        fail(400, 'defaults.postcode must be at most 20 characters long', 400, '', {
          error: 'field_max_length',
          field: 'defaults.postcode',
          params: { limit: 20 },
        }),
      );
      const user = userEvent.setup();
      const router = renderAt('/import/edit/5');
      await user.click(await screen.findByRole('button', { name: 'Save' }));
      await waitFor(() => expect(explain('Postcode')).toBe('At most 20 characters'));
      expect(toasts).toEqual([]);
      expect(router.state.location.pathname).toBe('/import/edit/5');
      // Editing the field clears it.
      await user.type(within(itemOf('Postcode')).getByRole('textbox'), '2000');
      await waitFor(() => expect(explain('Postcode')).toBe(''));
    });

    // The client words a known code itself (contracts' error catalogue), whatever text the server
    // sent, and names the field by its label here rather than by the API's request path.
    it.each([
      ['en', 'User', 'Save', 'User is invalid'],
      ['de', 'Benutzer', 'Speichern', 'Benutzer ist ungültig'],
    ])(
      "%s: a field error without the form's own words shows the catalogue text, the field named by its label",
      async (language, label, save, text) => {
        await setLanguage(language as 'en' | 'de');
        answerImporter(loaded());
        answerSaves(
          fail(400, 'defaults.user is invalid', 400, '', {
            error: 'field_invalid',
            field: 'defaults.user',
            params: { field: 'defaults.user' },
          }),
        );
        const user = userEvent.setup();
        renderAt('/import/edit/5');
        await user.click(await screen.findByRole('button', { name: save }));
        await waitFor(() => expect(explain(label)).toBe(text));
        expect(toasts).toEqual([]);
      },
    );
  });

  it('the category tree failing to load shows an inline error with Retry; the form keeps working', async () => {
    loadRemote = async () => {
      throw new Error('remote_categories is unavailable');
    };
    const user = userEvent.setup();
    renderAt('/import/new');
    const alert = await screen.findByText('The category picker could not be loaded: remote_categories is unavailable');
    const asked = remoteIds.length;
    await user.click(within(alert.closest('.ant-alert') as HTMLElement).getByRole('button', { name: 'Retry' }));
    // Retry asks the host's loader again.
    await waitFor(() => expect(remoteIds.length).toBeGreaterThan(asked));
    await user.type(within(itemOf('Title')).getByRole('textbox'), 'Still works');
    expect(within(itemOf('Title')).getByRole('textbox')).toHaveValue('Still works');
  });

  it('an unknown id says so; Cancel and Close go back to /import', async () => {
    server.on('get', `${IMPORTERS}/99`, fail(404, 'Importer 99 not found'));
    const user = userEvent.setup();
    const router = renderAt('/import/edit/99');
    expect(await screen.findByText('Scheduled import 99 was not found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/import'));
    await act(() => router.navigate('/import/new'));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/import'));
  });
});
