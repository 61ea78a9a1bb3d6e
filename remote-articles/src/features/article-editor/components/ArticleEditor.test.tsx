import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureShared, setLanguage, toast, type RemoteModuleLoader } from 'shared';
import { categoryNode, signIn } from 'shared/test/fixtures';
import { deferred, fail, inTurn, ok, setupStub, type StubReply, type StubServer } from 'shared/test/stubServer';
import type { ArticleEditData, ArticleEdit, CategoryNode } from '../model/types';
import { draftKey } from '../model/draftStorage';
import { articleEdit } from 'contracts/testing/fixtures';
import { ARTICLE_LIMITS } from 'contracts/rules/field-limits';
import { ArticleEditor } from './ArticleEditor';

// The whole form is large for jsdom: queries are scoped to small parts of it, and the limit is generous.
jest.setTimeout(120_000);

// The rich-text editor is TipTap in the browser; a textarea is enough to test the form around it.
jest.mock('./LazyRichTextEditor', () => ({
  LazyRichTextEditor: ({ value, onChange, label }: { value?: string; onChange?(v: string): void; label: string }) => (
    <textarea aria-label={label} value={value ?? ''} onChange={(event) => onChange?.(event.target.value)} />
  ),
}));

// The editor's calls (the article, its save, submit, the edit lock), shared's lookups (category tree,
// countries, states, tags, image upload) and the session are answered by the stub server, so the real
// editorApi and shared's HTTP client run. Signed in as user 3.
let server: StubServer;
const ARTICLE = '/api/portal/article';
const articleLoads = () => server.callsTo('get', ARTICLE).length;
/** GET /api/portal/article answers these articles in turn, the last one from then on. */
const answerArticle = (...loaded: [ArticleEditData, ...ArticleEditData[]]) =>
  server.on('get', ARTICLE, inTurn(...(loaded.map((one) => ok(one)) as [StubReply, ...StubReply[]])));
/** The saves the server got (a form: every field a string, a list repeated). */
const saves = () => server.bodies('post', ARTICLE) as Record<string, string | string[]>[];
const answerSaves = (...replies: [StubReply, ...StubReply[]]) => server.on('post', ARTICLE, inTurn(...replies));
/** The lock releases the server got (their URLs: with `?expires=` only when the editor had one). */
const releases = () => server.callsTo('post', '/api/portal/lock/:id/release').map((call) => call.url);
const USER_ID = 3;
const signInWith = (rights: string[]) =>
  signIn(server, 'tok-editor', rights, { id: USER_ID, username: 'me', name: 'Me', email: null, roles: [] });

// The picker comes from remote-categories through federation: the host's loader (configureShared) gives a stand-in with the same props.
const FakePicker = ({
  tree,
  selectedIds,
  onChange,
}: {
  tree: CategoryNode[];
  selectedIds: number[];
  onChange(ids: number[], main: CategoryNode[]): void;
}) => (
  <div data-testid="fake-picker">
    {tree[0]!.subcategories.map((node) => (
      <label key={node.id}>
        <input
          type="checkbox"
          aria-label={`pick ${node.title}`}
          checked={selectedIds.includes(node.id)}
          onChange={(event) => onChange(event.target.checked ? [...selectedIds, node.id] : selectedIds.filter((id) => id !== node.id), [])}
        />
        {node.title}
      </label>
    ))}
  </div>
);

const node = (id: number, parent_id: number | null, level: number, subcategories: CategoryNode[] = []): CategoryNode =>
  categoryNode(id, `Topic ${id}`, level, subcategories, parent_id);
const tree = [node(8, null, 1, [node(10, 8, 2), node(20, 8, 2)])];

/** An empty article as the editor gets it: the contracts' new article, its date, reference date and owner blank. */
const emptyArticle = (patch: Partial<ArticleEdit> = {}): ArticleEdit =>
  articleEdit({ date: '', reference_date: '0000-00-00', submitter: '', created_by: null, ...patch });

const image = {
  id: 31,
  file_name: 'a.png',
  file_thumbnail: '/api/image/31/thumb',
  url: '/api/image/31',
  thumb_url: '/api/image/31/thumb',
  description: 'Cap',
};
const data = (article: ArticleEdit, lock: Partial<ArticleEditData['lock']> = {}): ArticleEditData => ({
  article,
  topics: article.topics,
  html: '',
  lock: { held_by: null, since: null, mine: true, expires: null, ...lock },
});

/** A button of the editor's action bar (queried there only: role queries over the whole form are slow). */
const action = (name: string) => within(screen.getByTestId('editor-actions')).getByRole('button', { name });

/** Enter down and up (antd's Input ignores a second Enter until the key is released). */
function pressEnter(element: HTMLElement) {
  fireEvent.keyDown(element, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(element, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

function setup(articleId = 0) {
  const props = { onClose: jest.fn(), onSaved: jest.fn(), onOpen: jest.fn(), onSaveState: jest.fn() };
  render(<ArticleEditor articleId={articleId} {...props} />);
  return props;
}

const lastPayload = () => saves().at(-1);

/** What the host's federation loader answers for the picker (a test may make it fail). */
let loadPicker: RemoteModuleLoader;

beforeEach(async () => {
  jest.restoreAllMocks();
  server = setupStub()
    .on('post', '/api/portal/lock/:id/release', ok(null))
    .on('post', '/api/portal/lock/:id/renew', ok({ held_by: { id: USER_ID, name: 'Me' }, since: null, mine: true, expires: null }))
    .on('get', '/api/categories/tree', ok(tree))
    .on('get', '/api/v2/locations/countries', ok([{ country_code: 'AU', country_name: 'Australia' }]))
    .on('get', '/api/locations/states/AU', ok([{ state_id: 3, state_name: 'New South Wales' }]));
  loadPicker = (async () => ({ default: FakePicker })) as RemoteModuleLoader;
  configureShared({ loadRemoteModule: (id) => loadPicker(id) });
  await signInWith(['edit_all_articles']);
  jest.spyOn(toast, 'error').mockImplementation(() => ({}) as never);
  jest.spyOn(toast, 'success').mockImplementation(() => ({}) as never);
});

describe('article editor', () => {
  it('save without images: "Please add at least one image"; then the form validation message with the main-category error', async () => {
    const user = userEvent.setup();
    answerArticle(data(emptyArticle()));
    setup();
    fireEvent.change(await screen.findByTestId('editor-title'), { target: { value: 'A new title' } });
    await user.click(action('Save'));
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith('Please add at least one image'));
    expect(saves()).toEqual([]);

    // Upload an image: the first image becomes the main one.
    server.on('post', '/api/image', ok([{ upload: { ...image, file_thumbnail: image.thumb_url } }]));
    const input = screen.getByTestId('editor-images').querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByTestId('editor-image-31')).toBeInTheDocument();

    await user.click(action('Save'));
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith('Validation error - please check the article'));
    expect(await screen.findByText('Please select a main category')).toBeInTheDocument();
    expect(saves()).toEqual([]);
  });

  it('saves the full form, closes the editor and clears the draft', async () => {
    const user = userEvent.setup();
    answerArticle(data(emptyArticle({ id: 5, version: 2, title: 'Old title', images: [image], topics: [10], main_category_id: 10 })));
    answerSaves(ok({ id: 5, version: 3 }));
    window.localStorage.setItem(
      draftKey(USER_ID, 5),
      JSON.stringify({ version: 2, savedAt: '2024-01-01T00:00:00Z', values: { title: 'x' } }),
    );
    const props = setup(5);
    fireEvent.change(await screen.findByTestId('editor-title'), { target: { value: 'New title' } });
    // Main category choices follow the ticked topics.
    await user.click(screen.getByLabelText('pick Topic 20'));
    await user.click(action('Save'));
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
    const payload = lastPayload();
    expect(payload).toMatchObject({
      id: '5',
      version: '2',
      title: 'New title',
      main_image: '31',
      topics: ['10', '20'],
      main_category_id: '10',
      event: 'null',
      location: 'null',
    });
    expect(payload).not.toHaveProperty('copy');
    expect(toast.success).toHaveBeenCalledWith('Article saved');
    // Closing reloads the list: one reload, not a second one racing it.
    expect(props.onSaved).not.toHaveBeenCalled();
    // The save renewed the lock on the server: released outright (no ?expires=).
    await waitFor(() => expect(releases()).toEqual(['/api/portal/lock/5/release']));
    expect(window.localStorage.getItem(draftKey(USER_ID, 5))).toBeNull();
  });

  it('holds the fields to the limits the API checks (contracts/rules/field-limits): what the API takes is sent, what it refuses is not', async () => {
    const user = userEvent.setup();
    answerArticle(data(emptyArticle({ id: 5, version: 2, title: 'Old title', images: [image], topics: [10], main_category_id: 10 })));
    answerSaves(ok({ id: 5, version: 3 }));
    const props = setup(5);
    const notes = await screen.findByLabelText('Notes');
    // Over the API's limit: the form refuses it, nothing is sent.
    fireEvent.change(notes, { target: { value: 'n'.repeat(ARTICLE_LIMITS.notes.max + 1) } });
    await user.click(action('Save'));
    expect(await screen.findByText(`Notes may have at most ${ARTICLE_LIMITS.notes.max} characters`)).toBeInTheDocument();
    expect(saves()).toEqual([]);
    // A two-letter title and a note of 6,000 characters: the API takes both, so does the editor.
    fireEvent.change(screen.getByTestId('editor-title'), { target: { value: 'EU' } });
    fireEvent.change(notes, { target: { value: 'n'.repeat(6000) } });
    await user.click(action('Save'));
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
    expect(lastPayload()).toMatchObject({ title: 'EU', notes: 'n'.repeat(6000) });
  });

  it('an edit typed just before Save is not written back as a draft after the save', async () => {
    // Fake timers that still move with the clock: the typing pause can then be passed at will.
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      answerArticle(data(emptyArticle({ id: 5, version: 2, title: 'Old title', images: [image], topics: [10], main_category_id: 10 })));
      answerSaves(ok({ id: 5, version: 3 }));
      const props = setup(5);
      fireEvent.change(await screen.findByTestId('editor-title'), { target: { value: 'New title' } });
      await user.click(action('Save'));
      await waitFor(() => expect(props.onClose).toHaveBeenCalled());
      // The editor is still mounted here (onClose is a mock): the typing pause ends after the save.
      act(() => jest.advanceTimersByTime(1000));
      expect(window.localStorage.getItem(draftKey(USER_ID, 5))).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('while a save is on its way the edits are kept in this browser and the portal knows it runs; stored: draft gone, "saved"', async () => {
    const user = userEvent.setup();
    answerArticle(data(emptyArticle({ id: 5, version: 2, title: 'Old title', images: [image], topics: [10], main_category_id: 10 })));
    const reply = deferred<StubReply>();
    server.on('post', ARTICLE, () => reply.promise);
    const props = setup(5);
    fireEvent.change(await screen.findByTestId('editor-title'), { target: { value: 'Typed just now' } });
    await user.click(action('Save'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(props.onSaveState.mock.calls).toEqual([['running']]);
    // The page may go away before the answer (reload, closed tab): the edits are in the draft store already.
    expect(JSON.parse(window.localStorage.getItem(draftKey(USER_ID, 5)) ?? 'null')).toMatchObject({ values: { title: 'Typed just now' } });
    reply.resolve(ok({ id: 5, version: 3 }));
    await waitFor(() => expect(props.onSaveState.mock.calls).toEqual([['running'], ['saved']]));
    expect(window.localStorage.getItem(draftKey(USER_ID, 5))).toBeNull();
  });

  it('a failed save reports "failed" and keeps the draft', async () => {
    const user = userEvent.setup();
    answerArticle(data(emptyArticle({ id: 5, version: 2, title: 'Title', images: [image], topics: [10], main_category_id: 10 })));
    answerSaves(fail(409, 'This article was changed by Ann after you opened it.'));
    const props = setup(5);
    fireEvent.change(await screen.findByTestId('editor-title'), { target: { value: 'Mine' } });
    await user.click(action('Save'));
    await waitFor(() => expect(props.onSaveState.mock.calls).toEqual([['running'], ['failed']]));
    expect(JSON.parse(window.localStorage.getItem(draftKey(USER_ID, 5)) ?? 'null')).toMatchObject({ values: { title: 'Mine' } });
  });

  it('a version conflict keeps the text in the form and shows the server message', async () => {
    const user = userEvent.setup();
    answerArticle(data(emptyArticle({ id: 5, version: 2, title: 'Title', images: [image], topics: [10], main_category_id: 10 })));
    answerSaves(fail(409, 'This article was changed by Ann after you opened it.'));
    const props = setup(5);
    fireEvent.change(await screen.findByLabelText('Text'), { target: { value: 'My precious words' } });
    await user.click(action('Save'));
    expect(await screen.findByTestId('editor-save-error')).toHaveTextContent('This article was changed by Ann');
    expect(toast.error).toHaveBeenCalledWith('This article was changed by Ann after you opened it.');
    expect(screen.getByLabelText('Text')).toHaveValue('My precious words');
    expect(props.onClose).not.toHaveBeenCalled();
    // Kept locally too, for a reload.
    await waitFor(() => expect(window.localStorage.getItem(draftKey(USER_ID, 5))).toContain('My precious words'));
  });

  it("the conflict on show is its code's text in the language of now, not the one it arrived in", async () => {
    const user = userEvent.setup();
    answerArticle(data(emptyArticle({ id: 5, version: 2, title: 'Title', images: [image], topics: [10], main_category_id: 10 })));
    answerSaves(
      fail(409, 'This article was changed by Ann at 2026-01-02 10:00 UTC after you opened it.', 409, '', {
        error: 'article_changed',
        params: { name: 'Ann', at: '2026-01-02 10:00 UTC' },
      }),
    );
    setup(5);
    await screen.findByTestId('editor-title');
    await user.click(action('Save'));
    const alert = await screen.findByTestId('editor-save-error');
    expect(alert).toHaveTextContent('This article was changed by Ann at 2026-01-02 10:00 UTC after you opened it.');
    try {
      await act(() => setLanguage('de'));
      expect(screen.getByTestId('editor-save-error')).toHaveTextContent('Ann');
      expect(screen.getByTestId('editor-save-error')).not.toHaveTextContent('This article was changed');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('save and submit submits and reloads the article; duplicate sends copy=1 and opens the copy', async () => {
    const user = userEvent.setup();
    answerArticle(data(emptyArticle({ id: 5, version: 2, title: 'Title', images: [image], topics: [10], main_category_id: 10 })));
    answerSaves(ok({ id: 5, version: 3 }), ok({ id: 77, version: 1 }));
    server.on('post', `${ARTICLE}/5/submit`, ok(null));
    const props = setup(5);
    await screen.findByTestId('editor-title');
    await user.click(action('Save and submit'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Article submitted'));
    expect(server.callsTo('post', `${ARTICLE}/5/submit`)).toHaveLength(1);
    await waitFor(() => expect(articleLoads()).toBe(2));
    await screen.findByTestId('editor-title');
    await user.click(action('Duplicate'));
    await waitFor(() => expect(props.onOpen).toHaveBeenCalledWith(77));
    expect(lastPayload()).toMatchObject({ id: '5', copy: '1' });
  });

  it('an approver schedules a draft: saves, then schedules the saved version; the reloaded article shows it Scheduled', async () => {
    await signInWith(['approve_article', 'edit_all_articles']);
    const user = userEvent.setup();
    const ahead = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const draft = emptyArticle({
      id: 5,
      version: 2,
      title: 'Title',
      images: [image],
      topics: [10],
      main_category_id: 10,
      publish_up: ahead,
    });
    answerArticle(data(draft), data({ ...draft, version: 4, state: 0, publish_up_pending: true }));
    answerSaves(ok({ id: 5, version: 3 }));
    server.on('post', `${ARTICLE}/5/schedule`, ok(null));
    // A draft with a time is only a request until it is scheduled.
    setup(5);
    // The collapsed panels render once the open ones have been painted.
    expect((await screen.findByTestId('schedule-status', {}, { timeout: 20_000 })).getAttribute('data-schedule')).toBe('requested');
    expect(screen.queryByTestId('editor-scheduled')).toBeNull();
    await user.click(action('Schedule'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Article scheduled'));
    expect(server.bodies('post', `${ARTICLE}/5/schedule`)).toEqual([{ version: 3 }]);
    await waitFor(() => expect(articleLoads()).toBe(2));
    await waitFor(() => expect(screen.getByTestId('schedule-status').getAttribute('data-schedule')).toBe('scheduled'), { timeout: 20_000 });
    expect(screen.getByTestId('editor-scheduled')).toHaveTextContent('Scheduled');
  });

  it('Schedule without a start ahead says so and saves nothing; without approve_article it is not offered', async () => {
    await signInWith(['approve_article', 'edit_all_articles']);
    const user = userEvent.setup();
    answerArticle(data(emptyArticle({ id: 5, version: 2, title: 'Title', images: [image], topics: [10], main_category_id: 10 })));
    setup(5);
    await screen.findByTestId('editor-title');
    await user.click(action('Schedule'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Set a start publishing time in the future to schedule the article'));
    expect(saves()).toEqual([]);
  });

  it('tags: empty text and tags already there are ignored', async () => {
    const user = userEvent.setup();
    answerArticle(data(emptyArticle({ id: 5, tags: [{ id: 1, title: 'Sport' }] })));
    server.on('post', '/api/tag', ok([{ id: 1, title: 'Sport' }]));
    setup(5);
    const tags = await screen.findByTestId('editor-tags');
    fireEvent.click(screen.getByText('Tags and authors')); // open the panel (it is rendered while closed)
    await user.click(within(tags).getByRole('button', { name: 'Add tag' }));
    expect(server.callsTo('post', '/api/tag')).toHaveLength(0);
    fireEvent.change(within(tags).getByLabelText('Tags'), { target: { value: 'sport' } });
    pressEnter(within(tags).getByLabelText('Tags'));
    await waitFor(() => expect(server.bodies('post', '/api/tag')).toEqual([{ value: 'sport' }]));
    await waitFor(() => expect(within(tags).getByLabelText('Tags')).toHaveValue(''));
    expect(within(tags).getAllByText('Sport')).toHaveLength(1);
    server.on('post', '/api/tag', ok([{ id: 2, title: 'Politics' }]));
    fireEvent.change(within(tags).getByLabelText('Tags'), { target: { value: 'Politics' } });
    pressEnter(within(tags).getByLabelText('Tags'));
    await waitFor(() => expect(server.callsTo('post', '/api/tag')).toHaveLength(2));
    expect(await within(tags).findByText('Politics')).toBeInTheDocument();
  });

  it('another user holds the lock: read-only with who and since, and Take over', async () => {
    const user = userEvent.setup();
    answerArticle(
      data(emptyArticle({ id: 5, title: 'Locked' }), {
        mine: false,
        held_by: { id: 9, name: 'Ann Editor' },
        since: '2024-05-01T10:00:00Z',
      }),
      data(emptyArticle({ id: 5, title: 'Locked', version: 3 })),
    );
    server.on('post', '/api/portal/lock/5/take', ok({ held_by: { id: 3, name: 'Me' }, since: null, mine: true, expires: null }));
    setup(5);
    const lock = await screen.findByTestId('editor-lock');
    expect(lock).toHaveTextContent('Ann Editor is editing this article since');
    expect(screen.getByTestId('editor-title')).toBeDisabled();
    expect(action('Save')).toBeDisabled();
    await user.click(within(lock).getByRole('button', { name: 'Take over' }));
    await waitFor(() => expect(server.callsTo('post', '/api/portal/lock/5/take')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('editor-lock')).toBeNull());
    expect(await screen.findByTestId('editor-title')).not.toBeDisabled();
  });

  it("another user's article without edit_all_articles: read-only, says why and what the user can do", async () => {
    await signInWith(['approve_article', 'create_article', 'view_all_articles']);
    answerArticle(
      data(emptyArticle({ id: 5, title: 'Theirs', created_by: 9, submitter: 'Sam Submitter', state: 4 }), { mine: false, held_by: null }),
    );
    setup(5);
    const why = await screen.findByTestId('editor-read-only');
    expect(why).toHaveTextContent('This article belongs to Sam Submitter: you can read it, but not change it.');
    expect(why).toHaveTextContent("Changing another user's article needs the right to edit all articles.");
    expect(why).toHaveTextContent('or use Duplicate to work on your own copy.');
    expect(screen.getByTestId('editor-title')).toBeDisabled();
    expect(action('Save')).toBeDisabled();
    expect(screen.queryByTestId('editor-lock')).toBeNull();
  });

  it('offers only the main categories the API allows under scoped roles; a topic outside them is no main category choice', async () => {
    const user = userEvent.setup();
    answerArticle({ ...data(emptyArticle({ id: 0, title: '', topics: [10, 20], main_category_id: null })), allowed_category_ids: [20] });
    setup(0);
    await screen.findByTestId('editor-title');
    await user.click(within(screen.getByTestId('editor-main-category')).getByRole('combobox'));
    // antd's listbox names the options by value; what shows is in the option contents.
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['20']);
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent)).toEqual(['Topic 20']),
    );
  });

  it('an article outside the desks of scoped roles: read-only, says why, no take-over (the API says so)', async () => {
    await signInWith(['edit_all_articles', 'approve_article', 'create_article', 'view_all_articles']);
    answerArticle({
      ...data(emptyArticle({ id: 5, title: 'Elsewhere', created_by: 9, submitter: 'Sam Submitter', state: 4 }), {
        mine: false,
        held_by: null,
      }),
      outside_scope: true,
    });
    setup(5);
    const why = await screen.findByTestId('editor-read-only');
    expect(why).toHaveTextContent('This article is outside your desks: you can read it, but not change it.');
    expect(why).toHaveTextContent('Your roles let you change articles only in their own categories.');
    expect(screen.getByTestId('editor-title')).toBeDisabled();
    expect(action('Save')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Take over' })).toBeNull();
  });

  it.each([
    [5, true],
    [0, false],
    [1, false],
    [4, false],
    [-2, false],
  ])('Save and submit is offered only for a draft (state %i: %s)', async (state, offered) => {
    answerArticle(data(emptyArticle({ id: 5, title: 'T', state })));
    setup(5);
    await screen.findByTestId('editor-title');
    expect(within(screen.getByTestId('editor-actions')).queryByRole('button', { name: 'Save and submit' }) !== null).toBe(offered);
    expect(within(screen.getByTestId('editor-actions')).queryByRole('button', { name: 'Schedule' })).toBeNull();
    expect(action('Save')).toBeEnabled();
  });

  it('once loaded, scrolls itself into view and puts the cursor in the title', async () => {
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    answerArticle(data(emptyArticle({ id: 5, title: 'Far below' })));
    setup(5);
    const title = await screen.findByTestId('editor-title');
    await waitFor(() => expect(title).toHaveFocus());
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    expect(scrolled.mock.contexts[0]).toBe(screen.getByTestId('article-editor'));
  });

  it('keeps unsaved changes in local storage while typing', async () => {
    answerArticle(data(emptyArticle({ id: 6, title: 'Server title', version: 1 })));
    setup(6);
    fireEvent.change(await screen.findByTestId('editor-title'), { target: { value: 'Typed before the crash' } });
    await waitFor(() => expect(window.localStorage.getItem(draftKey(USER_ID, 6))).toContain('Typed before the crash'));
  });

  it('restores a stored draft when the same article opens again', async () => {
    const user = userEvent.setup();
    answerArticle(data(emptyArticle({ id: 6, title: 'Server title', version: 1 })));
    window.localStorage.setItem(
      draftKey(USER_ID, 6),
      JSON.stringify({
        version: 1,
        savedAt: '2024-05-01T10:00:00Z',
        values: {
          ...(await import('../model/formMapping')).articleToForm(emptyArticle({ id: 6, version: 1 })),
          title: 'Typed before the crash',
        },
      }),
    );
    setup(6);
    const offer = await screen.findByTestId('editor-draft');
    expect(screen.getByTestId('editor-title')).toHaveValue('Server title');
    await user.click(within(offer).getByRole('button', { name: 'Restore them' }));
    await waitFor(() => expect(screen.getByTestId('editor-title')).toHaveValue('Typed before the crash'));
    expect(screen.queryByTestId('editor-draft')).toBeNull();
  });

  it('the picker failing to load shows an inline error with Retry; the rest keeps working', async () => {
    const user = userEvent.setup();
    let loads = 0;
    loadPicker = (async () => {
      loads += 1;
      throw new Error('remote_categories is offline');
    }) as RemoteModuleLoader;
    answerArticle(data(emptyArticle({ id: 5 })));
    setup(5);
    const error = await screen.findByTestId('picker-error');
    expect(error).toHaveTextContent('remote_categories is offline');
    const before = loads;
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    // Retry loads it again (and fails again here).
    await waitFor(() => expect(loads).toBeGreaterThan(before));
    fireEvent.change(screen.getByTestId('editor-title'), { target: { value: 'Still typing' } });
    expect(screen.getByTestId('editor-title')).toHaveValue('Still typing');
  });

  it('close releases the lock and closes', async () => {
    answerArticle(data(emptyArticle({ id: 5 })));
    const props = setup(5);
    await screen.findByTestId('editor-title');
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('editor-actions')).getByRole('button', { name: 'Close' }));
    });
    expect(props.onClose).toHaveBeenCalled();
    await waitFor(() => expect(releases()).toEqual(['/api/portal/lock/5/release']));
  });
});
