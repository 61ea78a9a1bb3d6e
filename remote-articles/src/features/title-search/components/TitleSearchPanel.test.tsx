import { act, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'shared';
import { signIn } from 'shared/test/fixtures';
import { deferred, fail, ok, setupStub, type Deferred, type StubReply, type StubServer } from 'shared/test/stubServer';
import { setupUser } from 'shared/test/user';
import { TitleSearchPanel } from './TitleSearchPanel';

jest.setTimeout(30_000);

// The searches are answered at the network by the stub server (the real searchApi and shared's HTTP client run).
const TITLE = '/api/portal/articles/search-title';
const TEXT = '/api/portal/articles/search';
let server: StubServer;
/** Signs in through shared's real session (the stub server answers) with these rights. */
const signInWith = async (rights: string[]) => {
  server = setupStub();
  await signIn(server, 'tok-search', rights);
};
/** The searches the server got: which one (its path) and its query. */
const searches = () =>
  server.calls
    .filter((call) => call.url === TITLE || call.url === TEXT)
    .map((call) => ({ path: call.url, params: call.params as unknown }));
const lastParams = () => searches().at(-1)?.params;
/** Both searches answer this. */
const answerSearches = (reply: StubReply | ((config: { signal?: unknown }) => Promise<StubReply>)) =>
  server.on('get', TITLE, reply).on('get', TEXT, reply);

const item = (id: number) => ({
  id,
  title: `Harbour story ${id}`,
  date: '2026-03-04T10:00:00.000Z',
  modified: '2026-03-05T10:00:00.000Z',
  url: `https://news.test/${id}`,
});

/** Search answers that the test gives by hand, in any order; each with the signal of its request. */
function deferredAnswers() {
  const calls: Array<{ signal?: AbortSignal; answer: Deferred<StubReply> }> = [];
  answerSearches((config) => {
    const answer = deferred<StubReply>();
    calls.push({ signal: config.signal as AbortSignal | undefined, answer });
    return answer.promise;
  });
  return calls;
}

let user: ReturnType<typeof setupUser>;
beforeEach(async () => {
  user = setupUser();
  await signInWith(['view_all_articles']);
});

describe('Search all titles (5 word limit)', () => {
  it('shows the spec heading; Go with empty text sends nothing', async () => {
    render(<TitleSearchPanel onOpen={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'Search all titles (5 word limit)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.type(screen.getByRole('textbox', { name: 'Title words' }), '   {Enter}');
    expect(searches()).toEqual([]);
  });

  it('title search: sends term and limit, shows id, title and date, opens the editor with view_all_articles', async () => {
    answerSearches(ok([item(7), item(3)], { total: 2 }));
    const onOpen = jest.fn();
    render(<TitleSearchPanel onOpen={onOpen} />);
    await user.type(screen.getByRole('textbox', { name: 'Title words' }), ' harbour  story ');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() =>
      expect(searches()).toEqual([
        { path: TITLE, params: { term: 'harbour story', limit: 5, limitStart: 0, sort: 'modified', sortDir: 'DESC' } },
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Search results' });
    expect(within(table).getByText('7')).toBeInTheDocument();
    expect(within(table).getAllByText('Mar 4, 2026')).toHaveLength(2);
    expect(screen.getByText('2 results')).toBeInTheDocument();
    await user.click(within(table).getByText('Harbour story 7'));
    expect(onOpen).toHaveBeenCalledWith(7);
  });

  it('without view_all_articles a result is a link to the public url in a new tab', async () => {
    await signInWith([]);
    answerSearches(ok([item(7)], { total: 1 }));
    const onOpen = jest.fn();
    render(<TitleSearchPanel onOpen={onOpen} />);
    await user.type(screen.getByRole('textbox', { name: 'Title words' }), 'harbour{Enter}');
    const link = await screen.findByRole('link', { name: 'Harbour story 7' });
    expect(link).toHaveAttribute('href', 'https://news.test/7');
    expect(link).toHaveAttribute('target', '_blank');
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('general search on Enter; an empty term clears the results', async () => {
    answerSearches(ok([item(5)], { total: 1 }));
    render(<TitleSearchPanel onOpen={jest.fn()} />);
    const box = screen.getByRole('searchbox', { name: 'Search all articles' });
    await user.type(box, 'tunnel{Enter}');
    await waitFor(() => expect(searches()).toEqual([{ path: TEXT, params: expect.objectContaining({ term: 'tunnel' }) }]));
    expect(await screen.findByText('Harbour story 5')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '{Enter}');
    await waitFor(() => expect(screen.queryByText('Harbour story 5')).toBeNull());
    expect(screen.queryByRole('table', { name: 'Search results' })).toBeNull();
    expect(searches()).toHaveLength(1);
  });

  it('one search at a time: a new search aborts the running one and its late answer is ignored', async () => {
    const calls = deferredAnswers();
    render(<TitleSearchPanel onOpen={jest.fn()} />);
    const title = screen.getByRole('textbox', { name: 'Title words' });
    await user.type(title, 'harbour{Enter}');
    // The same search again while it runs is ignored (spec section 5).
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.clear(title);
    await user.type(title, 'tunnel{Enter}');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(searches().map((search) => (search.params as { term: string }).term)).toEqual(['harbour', 'tunnel']);
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(calls[1]?.signal?.aborted).toBe(false);
    await act(async () => calls[1]?.answer.resolve(ok([item(2)], { total: 1 })));
    await act(async () => calls[0]?.answer.resolve(ok([item(1)], { total: 1 })));
    expect(screen.getByText('Harbour story 2')).toBeInTheDocument();
    expect(screen.queryByText('Harbour story 1')).toBeNull();
  });

  it('shows the server refusal of more than 5 words once, as a toast, without No records found', async () => {
    const errorSpy = jest.spyOn(toast, 'error');
    answerSearches(fail(400, 'The title search is limited to 5 words'));
    render(<TitleSearchPanel onOpen={jest.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Title words' }), 'one two three four five six{Enter}');
    await waitFor(() => expect(lastParams()).toMatchObject({ term: 'one two three four five six' }));
    await waitFor(() => expect(errorSpy).toHaveBeenCalledTimes(1));
    expect(errorSpy).toHaveBeenCalledWith('The title search is limited to 5 words');
    expect(screen.queryByText('The title search is limited to 5 words')).toBeNull();
    expect(screen.queryByText('No records found')).toBeNull();
    errorSpy.mockRestore();
  });

  it.each([
    ['Title words', 'title'],
    ['Search all articles', 'text'],
  ])('a text over the server limit (200) is not sent: one message at the box (%s)', async (label) => {
    const errorSpy = jest.spyOn(toast, 'error');
    render(<TitleSearchPanel onOpen={jest.fn()} />);
    const box = screen.getByRole(label === 'Title words' ? 'textbox' : 'searchbox', { name: label });
    await user.click(box);
    await user.paste(`Breaking ${'X'.repeat(200)}`);
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('title-search-too-long')).toHaveTextContent('The search text is too long: at most 200 characters.');
    expect(searches()).toEqual([]);
    expect(errorSpy).not.toHaveBeenCalled();
    expect(screen.queryByText('No records found')).toBeNull();
    errorSpy.mockRestore();
  });

  it('sorts by title or modified date (the same column flips) and has its own page size', async () => {
    answerSearches(ok([item(1)], { total: 30 }));
    render(<TitleSearchPanel onOpen={jest.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Title words' }), 'harbour{Enter}');
    await screen.findByText('Harbour story 1');
    await user.click(screen.getByRole('button', { name: 'Sort by title' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'title', sortDir: 'ASC', limitStart: 0 }));
    await screen.findByText('30 results');
    await user.click(screen.getByRole('button', { name: /^Sort by title/ }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'title', sortDir: 'DESC' }));
    await user.click(screen.getByRole('button', { name: /^Sort by modified date/ }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'modified', sortDir: 'DESC' }));
    // The whole header cell sorts, not only its label.
    await user.click(screen.getByRole('columnheader', { name: 'Title' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'title', sortDir: 'ASC' }));
  });
});
