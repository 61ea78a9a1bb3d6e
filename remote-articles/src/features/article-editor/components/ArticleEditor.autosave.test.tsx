// The editor's working copy on the server (autosave while typing, offered back with a diff, discarded)
// and the merge of a stale save (silently when nothing clashes, side by side when something does).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureShared, toast, type RemoteModuleLoader } from 'shared';
import { categoryNode, signIn } from 'shared/test/fixtures';
import { fail, inTurn, ok, setupStub, type StubReply, type StubServer } from 'shared/test/stubServer';
import { articleEdit, revisionContent } from 'contracts/testing/fixtures';
import type { ArticleEdit, ArticleEditData } from '../model/types';
import { articleToForm } from '../model/formMapping';
import { ArticleEditor } from './ArticleEditor';

jest.setTimeout(120_000);

jest.mock('./LazyRichTextEditor', () => ({
  LazyRichTextEditor: ({ value, onChange, label }: { value?: string; onChange?(v: string): void; label: string }) => (
    <textarea aria-label={label} value={value ?? ''} onChange={(event) => onChange?.(event.target.value)} />
  ),
}));

let server: StubServer;
const ARTICLE = '/api/portal/article';
const COPY = '/api/v2/articles/:id/working-copy';
const USER_ID = 3;
const image = { id: 3, file_name: 'a.png', file_thumbnail: '/t', url: '/api/image/3', thumb_url: '/t', description: 'Crowd at the pier' };
const BASE = revisionContent({ topics: [10], main_category_id: 10, catid: 10, tags: [], authors: [] });

/** The article as BASE left it, at `version` (patched: what was saved since). */
const article = (patch: Partial<ArticleEdit> = {}): ArticleEdit =>
  articleEdit({
    ...BASE,
    id: 5,
    version: 4,
    references_at_source: '0',
    use_source_link: '0',
    videos_at_source: '0',
    images: [image],
    authors: [],
    ads: [],
    created_by: USER_ID,
    ...patch,
  });
const data = (loaded: ArticleEdit): ArticleEditData => ({
  article: loaded,
  topics: loaded.topics,
  html: '',
  lock: { held_by: { id: USER_ID, name: 'Me' }, since: null, mine: true, expires: null },
});
const saves = () => server.bodies('post', ARTICLE) as Record<string, string | string[]>[];
const action = (name: string) => within(screen.getByTestId('editor-actions')).getByRole('button', { name });
/** A 409 as the API sends it for a stale save, with the merge material. */
const stale = (theirs: ArticleEdit): StubReply =>
  fail(409, 'This article was changed by Ann after you opened it.', 409, '', {
    error: 'article_changed',
    params: { name: 'Ann', at: '2026-01-02T10:00:00.000Z' },
    merge: { base_version: 4, base: BASE, theirs },
  });

function setup(articleId = 5) {
  const props = { onClose: jest.fn(), onSaved: jest.fn(), onOpen: jest.fn(), onSaveState: jest.fn() };
  render(<ArticleEditor articleId={articleId} {...props} />);
  return props;
}

beforeEach(async () => {
  jest.restoreAllMocks();
  server = setupStub()
    .on('post', '/api/portal/lock/:id/release', ok(null))
    .on('post', '/api/portal/lock/:id/renew', ok({ held_by: { id: USER_ID, name: 'Me' }, since: null, mine: true, expires: null }))
    .on('get', '/api/categories/tree', ok([categoryNode(8, 'Topics', 1, [categoryNode(10, 'Topic 10', 2, [], 8)], null)]))
    .on('get', '/api/v2/locations/countries', ok([]))
    .on('get', COPY, ok(null))
    .on('put', COPY, ok({ saved_at: '2026-01-02T10:00:00.000Z' }))
    .on('delete', COPY, ok({ discarded: true }));
  configureShared({ loadRemoteModule: (async () => ({ default: () => null })) as RemoteModuleLoader });
  await signIn(server, 'tok', ['edit_all_articles'], { id: USER_ID, username: 'me', name: 'Me', email: null, roles: [] });
  jest.spyOn(toast, 'error').mockImplementation(() => ({}) as never);
  jest.spyOn(toast, 'success').mockImplementation(() => ({}) as never);
  jest.spyOn(toast, 'info').mockImplementation(() => ({}) as never);
});

describe('the working copy on the server', () => {
  it('sends what is typed to the working copy (not a save), with the version the editing started from', async () => {
    server.on('get', ARTICLE, ok(data(article())));
    setup();
    fireEvent.change(await screen.findByTestId('editor-title'), { target: { value: 'Typed on this device' } });
    await waitFor(() => expect(server.callsTo('put', COPY)).toHaveLength(1));
    const sent = server.bodies('put', COPY)[0] as { base_version: number; fields: Record<string, unknown> };
    expect(sent).toMatchObject({ base_version: 4, fields: { id: 5, version: 4, title: 'Typed on this device' } });
    expect(server.callsTo('put', COPY)[0]!.url).toBe('/api/v2/articles/5/working-copy');
    expect(saves()).toEqual([]);
  });

  it('offers the working copy with what restoring changes; Restore puts it in the form, Discard deletes it', async () => {
    const user = userEvent.setup();
    const fields = { ...articleToForm(article()), text: '<p>First paragraph, typed elsewhere.</p><p>Second &amp; last.</p>' };
    server.on('get', ARTICLE, ok(data(article())));
    server.on('get', COPY, ok({ article_id: 5, base_version: 4, fields, saved_at: '2026-01-02T09:00:00.000Z' }));
    setup();
    const offer = await screen.findByTestId('editor-draft');
    expect(offer).toHaveTextContent(/^Restore your unsaved changes from/);
    const changes = within(offer).getByTestId('editor-draft-changes');
    expect(changes).toHaveTextContent('Text: First paragraph, typed elsewhere.');
    expect(within(changes).getByText(', typed elsewhere').tagName).toBe('INS');
    await user.click(within(offer).getByRole('button', { name: 'Restore them' }));
    await waitFor(() => expect(screen.getByLabelText('Text')).toHaveValue(fields.text));
    expect(screen.queryByTestId('editor-draft')).toBeNull();
    expect(server.callsTo('delete', COPY)).toHaveLength(0);
  });

  it('Discard throws the working copy away on the server', async () => {
    const user = userEvent.setup();
    const fields = { ...articleToForm(article()), title: 'Elsewhere' };
    server.on('get', ARTICLE, ok(data(article())));
    server.on('get', COPY, ok({ article_id: 5, base_version: 4, fields, saved_at: '2026-01-02T09:00:00.000Z' }));
    setup();
    const offer = await screen.findByTestId('editor-draft');
    await user.click(within(offer).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(server.callsTo('delete', COPY)).toHaveLength(1));
    expect(screen.getByTestId('editor-title')).toHaveValue(BASE.title);
  });

  it('does not offer a working copy that holds what the article holds (and deletes it)', async () => {
    server.on('get', ARTICLE, ok(data(article())));
    server.on('get', COPY, ok({ article_id: 5, base_version: 4, fields: articleToForm(article()), saved_at: '2026-01-02T09:00:00.000Z' }));
    setup();
    await screen.findByTestId('editor-title');
    await waitFor(() => expect(server.callsTo('delete', COPY)).toHaveLength(1));
    expect(screen.queryByTestId('editor-draft')).toBeNull();
  });
});

describe('a stale save', () => {
  it('merges silently what clashes nowhere and saves against their version: both changes kept', async () => {
    const user = userEvent.setup();
    server.on('get', ARTICLE, ok(data(article())));
    const theirs = article({ version: 6, text: '<p>First paragraph.</p><p>Second &amp; theirs.</p>', title: 'Their title' });
    server.on('post', ARTICLE, inTurn(stale(theirs), ok({ id: 5, version: 7 })));
    const props = setup();
    fireEvent.change(await screen.findByLabelText('Text'), { target: { value: '<p>First paragraph, mine.</p><p>Second &amp; last.</p>' } });
    await user.click(action('Save'));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toMatchObject({
      version: '6',
      title: 'Their title',
      text: '<p>First paragraph, mine.</p><p>Second &amp; theirs.</p>',
    });
    expect(toast.info).toHaveBeenCalledWith('Merged with the changes saved meanwhile');
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
    expect(screen.queryByTestId('merge-dialog')).toBeNull();
  });

  it('shows what clashes side by side; nothing is saved until each field has a choice; "keep theirs" saves theirs', async () => {
    const user = userEvent.setup();
    server.on('get', ARTICLE, ok(data(article())));
    const theirs = article({ version: 6, text: '<p>First lines.</p><p>Second &amp; last.</p>' });
    server.on('post', ARTICLE, inTurn(stale(theirs), ok({ id: 5, version: 7 })));
    setup();
    fireEvent.change(await screen.findByLabelText('Text'), { target: { value: '<p>First words.</p><p>Second &amp; last.</p>' } });
    await user.click(action('Save'));
    const dialog = await screen.findByTestId('merge-dialog');
    expect(dialog).toHaveTextContent('Ann saved the article while you edited it.');
    expect(within(dialog).getByTestId('merge-mine-text')).toHaveTextContent('Your version' + 'First words.');
    expect(within(dialog).getByTestId('merge-theirs-text')).toHaveTextContent('Their version' + 'First lines.');
    expect(within(within(dialog).getByTestId('merge-mine-text')).getByText('words').tagName).toBe('MARK');
    const save = screen.getByRole('button', { name: 'Save with these choices' });
    expect(save).toBeDisabled();
    expect(saves()).toHaveLength(1);
    await user.click(within(dialog).getByRole('radio', { name: 'Keep theirs' }));
    await user.click(save);
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toMatchObject({ version: '6', text: '<p>First lines.</p><p>Second &amp; last.</p>' });
  });

  it('"edit" saves the text as the user edits it in the dialog; "not now" keeps the form as it was', async () => {
    const user = userEvent.setup();
    server.on('get', ARTICLE, ok(data(article())));
    const theirs = article({ version: 6, title: 'Their headline' });
    server.on('post', ARTICLE, inTurn(stale(theirs), stale(theirs), ok({ id: 5, version: 7 })));
    setup();
    fireEvent.change(await screen.findByTestId('editor-title'), { target: { value: 'My headline' } });
    await user.click(action('Save'));
    await screen.findByTestId('merge-dialog');
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByTestId('merge-dialog')).toBeNull());
    expect(screen.getByTestId('editor-title')).toHaveValue('My headline');
    await user.click(action('Save'));
    const dialog = await screen.findByTestId('merge-dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Edit' }));
    const edit = within(dialog).getByLabelText('Title: your edit');
    fireEvent.change(edit, { target: { value: 'Our headline' } });
    await user.click(screen.getByRole('button', { name: 'Save with these choices' }));
    await waitFor(() => expect(saves()).toHaveLength(3));
    expect(saves()[2]).toMatchObject({ version: '6', title: 'Our headline' });
  });
});
