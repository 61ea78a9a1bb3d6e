import {
  changeLimit,
  changePage,
  changeSort,
  fail,
  initialSearchState,
  openTarget,
  receive,
  startSearch,
  totalPages,
  type SearchKind,
  type SearchResultItem,
  type TitleSearchState,
} from './titleSearchModel';

const item = (id: number, url = `https://news.example/${id}`): SearchResultItem => ({
  id,
  title: `Title ${id}`,
  date: '2026-01-02T03:04:05.000Z',
  modified: '2026-01-03T03:04:05.000Z',
  url,
});

/** A state showing `total` results of a finished search. */
function shown(kind: SearchKind, term: string, total: number, patch: Partial<TitleSearchState> = {}): TitleSearchState {
  const started = startSearch({ ...initialSearchState(), ...patch }, kind, term);
  const id = started.request?.id as number;
  return receive(started.state, id, [item(1)], total);
}

describe('title search model', () => {
  it('starts empty with 5 per page, newest first', () => {
    const { limit, sort, sortDir, page, ...results } = initialSearchState();
    expect([limit, sort, sortDir, page]).toEqual([5, 'modified', 'DESC', 1]);
    // Nothing asked, running or found yet.
    expect(results).toEqual({ query: null, running: null, lastId: 0, items: [], total: 0, error: null, tooLong: false });
  });

  it('a term longer than the server takes (200 characters) is not sent; a valid one clears the flag', () => {
    const long = startSearch(initialSearchState(), 'text', `Breaking ${'X'.repeat(192)}`);
    expect(long.request).toBeNull();
    expect(long.state).toMatchObject({ tooLong: true, query: null, items: [], error: null });
    const exact = startSearch(long.state, 'title', 'X'.repeat(200));
    expect(exact.request?.params.term).toHaveLength(200);
    expect(exact.state.tooLong).toBe(false);
  });

  describe('startSearch', () => {
    it.each(['', '   ', '\t\n'])('title search with empty text %j does nothing (no request, state kept)', (text) => {
      const before = shown('title', 'harbour', 12);
      const step = startSearch(before, 'title', text);
      expect(step.request).toBeNull();
      expect(step.state).toBe(before);
    });

    it.each(['', '  '])('general search with an empty term %j clears the results and drops the running search', (text) => {
      const running = startSearch(shown('text', 'harbour', 12), 'text', 'tunnel').state;
      const step = startSearch(running, 'text', text);
      expect(step.request).toBeNull();
      expect(step.state).toMatchObject({ query: null, running: null, items: [], total: 0, page: 1, error: null });
      // An answer of the dropped search is ignored.
      expect(receive(step.state, running.running?.id as number, [item(9)], 1)).toBe(step.state);
    });

    it.each<SearchKind>(['title', 'text'])('%s: sends term, limit, offset 0 and the sort, trimmed and with single spaces', (kind) => {
      const step = startSearch(initialSearchState(), kind, '  flood   barrier ');
      expect(step.request).toEqual({
        id: 1,
        kind,
        params: { term: 'flood barrier', limit: 5, limitStart: 0, sort: 'modified', sortDir: 'DESC' },
      });
      expect(step.state.running).toBe(step.request);
      expect(step.state.query).toEqual({ kind, term: 'flood barrier' });
    });

    it('does not count words: six words go to the server, which answers with its message', () => {
      const step = startSearch(initialSearchState(), 'title', 'one two three four five six');
      expect(step.request?.params.term).toBe('one two three four five six');
      const failed = fail(step.state, step.request?.id as number, 'The title search is limited to 5 words');
      expect(failed).toMatchObject({ error: 'The title search is limited to 5 words', running: null, items: [], total: 0 });
    });

    it('a new search starts from page 1 with the current size and sort', () => {
      const state = shown('text', 'harbour', 200, { limit: 20, sort: 'title', sortDir: 'ASC' });
      const paged = changePage(state, 4).state;
      const step = startSearch(paged, 'title', 'tunnel');
      expect(step.request?.params).toEqual({ term: 'tunnel', limit: 20, limitStart: 0, sort: 'title', sortDir: 'ASC' });
      expect(step.state.page).toBe(1);
    });

    it('ignores a request identical to the one running (spec section 5)', () => {
      const first = startSearch(initialSearchState(), 'title', 'harbour');
      const again = startSearch(first.state, 'title', ' harbour ');
      expect(again.request).toBeNull();
      expect(again.state.running?.id).toBe(1);
    });

    it('a different search while one runs replaces it: only the latest answer counts', () => {
      const first = startSearch(initialSearchState(), 'title', 'harbour');
      const second = startSearch(first.state, 'text', 'harbour');
      expect(second.request?.id).toBe(2);
      const stale = receive(second.state, 1, [item(1)], 1);
      expect(stale).toBe(second.state);
      const staleFailure = fail(second.state, 1, 'boom');
      expect(staleFailure).toBe(second.state);
      const done = receive(second.state, 2, [item(2), item(3)], 2);
      expect(done).toMatchObject({ running: null, items: [item(2), item(3)], total: 2, error: null });
    });

    it('the same term again after the answer searches again (not running any more)', () => {
      const state = shown('title', 'harbour', 3);
      const step = startSearch(state, 'title', 'harbour');
      expect(step.request?.id).toBe(2);
    });

    it('clears an earlier error when a new search starts', () => {
      const first = startSearch(initialSearchState(), 'title', 'a b c d e f');
      const failed = fail(first.state, 1, 'too long');
      expect(startSearch(failed, 'title', 'harbour').state.error).toBeNull();
    });
  });

  describe('changeLimit', () => {
    it('changes the size, goes back to page 1 and searches again', () => {
      const state = changePage(shown('text', 'harbour', 100), 3).state;
      const done = receive(state, state.running?.id as number, [item(1)], 100);
      const step = changeLimit(done, 50);
      expect(step.state).toMatchObject({ limit: 50, page: 1 });
      expect(step.request?.params).toMatchObject({ limit: 50, limitStart: 0, term: 'harbour' });
    });

    it('the same size changes nothing', () => {
      const state = shown('text', 'harbour', 100);
      expect(changeLimit(state, 5)).toEqual({ state, request: null });
    });

    it('without a search only remembers the size', () => {
      const step = changeLimit(initialSearchState(), 100);
      expect(step.request).toBeNull();
      expect(step.state.limit).toBe(100);
    });
  });

  describe('changeSort', () => {
    it.each([
      ['modified', 'DESC', 'modified', 'ASC'],
      ['modified', 'ASC', 'modified', 'DESC'],
      ['title', 'ASC', 'title', 'DESC'],
      ['title', 'DESC', 'title', 'ASC'],
      ['modified', 'DESC', 'title', 'ASC'],
      ['modified', 'ASC', 'title', 'ASC'],
      ['title', 'ASC', 'modified', 'DESC'],
      ['title', 'DESC', 'modified', 'DESC'],
    ] as const)('from %s %s, sorting by %s gives %s', (sort, sortDir, column, expected) => {
      const state = shown('title', 'harbour', 40, { sort, sortDir });
      const step = changeSort(state, column);
      expect(step.state).toMatchObject({ sort: column, sortDir: expected, page: 1 });
      expect(step.request?.params).toMatchObject({ sort: column, sortDir: expected, limitStart: 0 });
    });

    it('without a search only remembers the sort', () => {
      const step = changeSort(initialSearchState(), 'title');
      expect(step.request).toBeNull();
      expect(step.state).toMatchObject({ sort: 'title', sortDir: 'ASC' });
    });
  });

  describe('changePage and totalPages', () => {
    it.each([
      [0, 5, 1],
      [1, 5, 1],
      [5, 5, 1],
      [6, 5, 2],
      [100, 20, 5],
      [101, 20, 6],
    ])('%i results at %i per page make %i pages', (total, limit, pages) => {
      expect(totalPages({ total, limit: limit as 5 })).toBe(pages);
    });

    it('offset = limit × (page − 1)', () => {
      const state = shown('text', 'harbour', 95, { limit: 10 });
      expect(changePage(state, 2).request?.params.limitStart).toBe(10);
      expect(changePage(state, 10).request?.params.limitStart).toBe(90);
    });

    it.each([
      [0, 1],
      [-3, 1],
      [Number.NaN, 1],
      [2.7, 2],
      [99, 10],
    ])('page %p is clamped to %i', (page, expected) => {
      const state = changePage(shown('text', 'harbour', 95, { limit: 10 }), 5);
      const done = receive(state.state, state.request?.id as number, [item(1)], 95);
      const step = changePage(done, page);
      expect(step.state.page).toBe(expected);
    });

    it('the current page changes nothing', () => {
      const state = shown('text', 'harbour', 95, { limit: 10 });
      expect(changePage(state, 1)).toEqual({ state, request: null });
    });
  });

  describe('receive', () => {
    it('never reports fewer than the rows it got', () => {
      const started = startSearch(initialSearchState(), 'text', 'harbour');
      expect(receive(started.state, 1, [item(1), item(2)], 0).total).toBe(2);
    });

    it('an answer while idle changes nothing', () => {
      const state = initialSearchState();
      expect(receive(state, 1, [item(1)], 1)).toBe(state);
    });
  });

  describe('openTarget', () => {
    it('with view_all_articles opens the editor, whatever the url', () => {
      expect(openTarget(item(7), true)).toEqual({ kind: 'editor', id: 7 });
      expect(openTarget(item(7, ''), true)).toEqual({ kind: 'editor', id: 7 });
    });

    it('without it opens the public url', () => {
      expect(openTarget(item(7, ' https://news.example/a '), false)).toEqual({ kind: 'public', url: 'https://news.example/a' });
    });

    it.each(['', '  '])('without it and without a url (%p) does nothing', (url) => {
      expect(openTarget(item(7, url), false)).toEqual({ kind: 'none' });
    });
  });
});
