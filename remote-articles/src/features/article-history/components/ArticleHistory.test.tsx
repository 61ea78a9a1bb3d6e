import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage, toast } from 'shared';
import { revisionContent } from 'contracts/testing/fixtures';
import type { RevisionContent } from 'contracts/schemas/revisions';
import { fail, inTurn, ok, setupStub, type StubReply, type StubServer } from 'shared/test/stubServer';
import type { RevisionSummary } from '../api/historyApi';
import '../i18n';
import { ArticleHistory } from './ArticleHistory';

// The history's calls are answered at the network by the stub server (the real historyApi and
// shared's HTTP client run).
const REVISIONS = '/api/portal/article/7/revisions';
let server: StubServer;
const listParams = () => server.callsTo('get', REVISIONS).map((call) => call.params);
const restores = (revision: number) => server.bodies('post', `${REVISIONS}/${revision}/restore`);

const CONTENT = revisionContent({ text: '<p>The festival opens on Friday.</p>' });

function summary(id: number, version: number, extra: Partial<RevisionSummary> = {}): RevisionSummary {
  return {
    id,
    article_id: 7,
    version,
    created: '2026-11-24T08:00:00.000Z',
    user: { id: 3, name: 'Sam Submitter' },
    source: 'editor',
    restored_from: null,
    restored_version: null,
    changed: ['title', 'text'],
    summary: 'Title, Text changed',
    ...extra,
  };
}

const LIST = [
  summary(12, 3, { source: 'list', changed: ['featured'], user: { id: 2, name: 'Eddie Editor' } }),
  summary(11, 2),
  summary(10, 1, { changed: null }),
];

/** GET …/revisions/{id}: the revision with its content (`contentOf` it; by default 1 differs from 2 and 3). */
function answerRevisions(
  contentOf = (id: number): RevisionContent =>
    id === 10
      ? CONTENT
      : { ...CONTENT, title: 'Harbour festival opens late', text: '<p>The festival opens on Saturday.</p>', featured: id === 12 ? 1 : 0 },
) {
  server.on('get', `${REVISIONS}/:id`, (_config, params): StubReply => {
    const item = LIST.find((revision) => revision.id === Number(params.id));
    return item ? ok({ ...item, content: contentOf(item.id) }) : fail(404, 'Not found');
  });
}

beforeEach(() => {
  jest.restoreAllMocks();
  setLanguage('en');
  server = setupStub().on('get', REVISIONS, ok(LIST, { total: 3 }));
  answerRevisions();
});

function renderHistory(props: Partial<Parameters<typeof ArticleHistory>[0]> = {}) {
  const onRestored = jest.fn();
  render(<ArticleHistory articleId={7} version={3} canRestore onRestored={onRestored} {...props} />);
  return { onRestored };
}

describe('ArticleHistory', () => {
  it('lists the revisions newest first: version, who, when and what changed in one line', async () => {
    renderHistory();
    const items = await screen.findAllByTestId('history-item');
    expect(items).toHaveLength(3);
    expect(listParams()).toEqual([{ limit: 10, limitStart: 0 }]);
    expect(within(items[0]!).getByText('Version 3')).toBeTruthy();
    expect(within(items[0]!).getByText('Current')).toBeTruthy();
    expect(within(items[0]!).getByText(/Eddie Editor/)).toBeTruthy();
    expect(within(items[0]!).getByTestId('history-summary').textContent).toBe('Featured changed');
    expect(within(items[1]!).getByTestId('history-summary').textContent).toBe('Title, Text changed');
    expect(within(items[2]!).getByTestId('history-summary').textContent).toBe('First recorded version');
    // The current version is not offered for restore; the older ones are.
    expect(within(items[0]!).queryByRole('button', { name: 'Restore version 3' })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Restore version 2' })).toBeTruthy();
  });

  it('compares two chosen revisions side by side, older first, with the changed words marked', async () => {
    const user = userEvent.setup();
    renderHistory();
    await screen.findAllByTestId('history-item');
    const compare = screen.getByTestId('history-compare');
    expect((compare as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /Choose version 2 to compare/ }));
    await user.click(screen.getByRole('checkbox', { name: /Choose version 1 to compare/ }));
    expect(screen.getByText(/2 of 2 chosen/)).toBeTruthy();
    await user.click(compare);
    const comparison = await screen.findByTestId('history-comparison');
    expect(server.callsTo('get', `${REVISIONS}/:id`).map((call) => call.url)).toEqual(
      expect.arrayContaining([`${REVISIONS}/10`, `${REVISIONS}/11`]),
    );
    expect(within(comparison).getByRole('columnheader', { name: 'Version 1 (older)' })).toBeTruthy();
    expect(within(comparison).getByRole('columnheader', { name: 'Version 2 (newer)' })).toBeTruthy();
    const title = within(comparison).getByTestId('history-diff-title');
    expect(title.querySelector('[data-side="newer"] ins')?.textContent?.trim()).toBe('late');
    expect(title.querySelector('[data-side="newer"]')?.textContent).toBe('Harbour festival opens late');
    expect(title.querySelector('[data-side="older"] ins')).toBeNull();
    const text = within(comparison).getByTestId('history-diff-text');
    expect(text.querySelector('[data-side="older"] del')?.textContent).toBe('Friday');
    expect(text.querySelector('[data-side="newer"] ins')?.textContent).toBe('Saturday');
    expect(within(comparison).queryByTestId('history-diff-featured')).toBeNull();
  });

  it('shows a title as stored, as text: tag-like text in it stays and is never HTML', async () => {
    const user = userEvent.setup();
    answerRevisions((id) => (id === 10 ? CONTENT : { ...CONTENT, title: 'Why <script>alert(1)</script> <b>tags</b> matter' }));
    renderHistory();
    await screen.findAllByTestId('history-item');
    await user.click(screen.getByRole('checkbox', { name: /Choose version 2 to compare/ }));
    await user.click(screen.getByRole('checkbox', { name: /Choose version 1 to compare/ }));
    await user.click(screen.getByTestId('history-compare'));
    const title = within(await screen.findByTestId('history-comparison')).getByTestId('history-diff-title');
    const newer = title.querySelector('[data-side="newer"]')!;
    expect(newer.textContent).toBe('Why <script>alert(1)</script> <b>tags</b> matter');
    expect(newer.querySelector('script, b')).toBeNull();
  });

  it('shows other fields as before → after, and says when two revisions do not differ', async () => {
    const user = userEvent.setup();
    renderHistory();
    await screen.findAllByTestId('history-item');
    await user.click(screen.getByRole('checkbox', { name: /Choose version 3/ }));
    await user.click(screen.getByRole('checkbox', { name: /Choose version 2/ }));
    await user.click(screen.getByTestId('history-compare'));
    const featured = await screen.findByTestId('history-diff-featured');
    expect(featured.querySelector('[data-side="older"]')?.textContent).toBe('No');
    expect(featured.querySelector('[data-side="newer"]')?.textContent).toBe('Yes');

    answerRevisions(() => CONTENT);
    await user.click(screen.getByRole('button', { name: 'Close comparison' }));
    await user.click(screen.getByTestId('history-compare'));
    expect(await screen.findByTestId('history-no-differences')).toBeTruthy();
  });

  it('restores after confirmation with the open version, then tells the editor', async () => {
    const user = userEvent.setup();
    const success = jest.spyOn(toast, 'success').mockImplementation(() => ({}) as never);
    server.on('post', `${REVISIONS}/10/restore`, ok({ id: 7, version: 4, revision: 13 }));
    const { onRestored } = renderHistory();
    await screen.findAllByTestId('history-item');
    await user.click(screen.getByRole('button', { name: 'Restore version 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Restore version 1?').length).toBeGreaterThan(0);
    expect(restores(10)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith({ version: 4 }));
    // With the version the editor has open.
    expect(restores(10)).toEqual([{ version: 3 }]);
    expect(success).toHaveBeenCalledWith('Version 1 restored: the article is now at version 4');
  });

  it('does nothing when the confirmation is cancelled, and shows a refused restore (stale version) as an error', async () => {
    const user = userEvent.setup();
    const error = jest.spyOn(toast, 'error').mockImplementation(() => ({}) as never);
    server.on('post', `${REVISIONS}/11/restore`, fail(409, 'Someone changed the article'));
    const { onRestored } = renderHistory();
    await screen.findAllByTestId('history-item');
    await user.click(screen.getByRole('button', { name: 'Restore version 2' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(restores(11)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Restore version 2' }));
    const dialogs = await screen.findAllByRole('dialog');
    await user.click(within(dialogs[dialogs.length - 1]!).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Someone changed the article'));
    expect(restores(11)).toEqual([{ version: 3 }]);
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('offers no restore while another user holds the lock', async () => {
    renderHistory({ canRestore: false });
    await screen.findAllByTestId('history-item');
    expect(screen.queryByRole('button', { name: /Restore version/ })).toBeNull();
    expect(screen.getByText(/locked by another user/)).toBeTruthy();
  });

  it('shows a failed load with Retry, and speaks German', async () => {
    const user = userEvent.setup();
    setLanguage('de');
    server.on('get', REVISIONS, inTurn(fail(503, 'offline'), ok(LIST, { total: 3 })));
    renderHistory();
    expect(await screen.findByText('Der Verlauf konnte nicht geladen werden: offline')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    const items = await screen.findAllByTestId('history-item');
    expect(within(items[0]!).getByTestId('history-summary').textContent).toBe('Hervorgehoben geändert');
    expect(within(items[0]!).getByText('Aktuell')).toBeTruthy();
  });

  it('pages through a long history', async () => {
    const user = userEvent.setup();
    server.on('get', REVISIONS, ok(LIST, { total: 25 }));
    renderHistory();
    await screen.findAllByTestId('history-item');
    await user.click(within(screen.getByRole('navigation', { name: 'History pages' })).getByText('3'));
    await waitFor(() => expect(listParams().at(-1)).toEqual({ limit: 10, limitStart: 20 }));
  });
});
