import { act, createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Board, BoardCard, Desk } from 'contracts/schemas/desks';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { setLanguage, toast, type ToastEvent } from 'shared';
import { signIn } from 'shared/test/fixtures';
import { fail, ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { screens } from '../../routes';

jest.setTimeout(30_000);

// The desks, the board and the moves are answered at the network by the stub server: the screen
// runs the real deskApi and shared's HTTP client.
const STAGES = ['Pitch', 'Writing', 'Editing', 'Copy', 'Ready'].map((name, index) => ({
  id: index + 1,
  name,
  position: index + 1,
  leave_right: name === 'Copy' ? ('approve_article' as const) : null,
}));
const NEWS: Desk = { id: 1, name: 'News', version: 1, stages: STAGES, members: [{ id: 2, name: 'Eddie Editor' }] };
const card = (id: number, title: string, stageId: number, version = 3): BoardCard => ({
  id,
  title,
  stage_id: stageId,
  state: 5,
  version,
  assignees: [],
  deadline: null,
  planned_slot: null,
  target_words: null,
  overdue: false,
  words: 0,
  lock: null,
});

let server: StubServer;
let cards: BoardCard[];
let moves: Array<{ id: string; body: unknown }>;
let toasts: ToastEvent[];

beforeEach(async () => {
  cards = [card(10, 'Flood in the valley', 1), card(11, 'Council budget', 2)];
  moves = [];
  toasts = [];
  server = setupStub()
    .on('get', '/api/v2/desks', () => ok([NEWS]))
    .on('get', '/api/v2/desks/:id/board', () => ok<Board>({ desk: NEWS, cards }))
    .on('post', '/api/v2/articles/:id/stage', (config, params) => {
      const body = JSON.parse(String(config.data)) as { version: number; stage_id: number };
      moves.push({ id: params.id as string, body });
      const moved = cards.find((each) => each.id === Number(params.id)) as BoardCard;
      if (moved.version !== body.version) {
        return fail(409, 'Someone else has changed this story in the meantime: it was reloaded', 409, 'Conflict', {
          error: 'article_stage_stale_version',
          field: 'version',
          current: { article_id: moved.id, desk_id: 1, stage_id: moved.stage_id, version: moved.version },
        });
      }
      cards = cards.map((each) => (each === moved ? { ...each, stage_id: body.stage_id, version: each.version + 1 } : each));
      return ok({ article_id: moved.id, desk_id: 1, stage_id: body.stage_id, version: moved.version + 1 });
    });
  await signIn(server, 'tok-desk', ['create_article', 'edit_all_articles']);
  toast.subscribe((event) => toasts.push(event));
});

afterEach(async () => {
  await setLanguage('en');
});

function EditorStandIn() {
  return <p>{`Editor for ${useLocation().search}`}</p>;
}

function renderBoard() {
  const router = createMemoryRouter(
    [
      { path: '/desk', loader: screens.board.loader, Component: screens.board.Component, HydrateFallback: () => null },
      { path: '/articles', Component: EditorStandIn },
    ],
    { initialEntries: ['/desk'] },
  );
  render(<RouterProvider router={router} />);
}

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name} \\(`) });

describe('Board', () => {
  it('shows one column per stage with its cards', async () => {
    renderBoard();
    expect(await screen.findByRole('heading', { name: 'Desk: News' })).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'))).toHaveLength(5);
    expect(within(column('Pitch')).getByText('Flood in the valley')).toBeInTheDocument();
    expect(within(column('Writing')).getByText('Council budget')).toBeInTheDocument();
    expect(within(column('Ready')).getByText('No stories')).toBeInTheDocument();
  });

  it('moves a focused card to the next stage with Shift+Right arrow, saves it with its version and announces it', async () => {
    renderBoard();
    const story = await screen.findByRole('article', { name: 'Flood in the valley, in Pitch' });
    story.focus();
    fireEvent.keyDown(story, { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(within(column('Writing')).getByText('Flood in the valley')).toBeInTheDocument());
    expect(moves).toEqual([{ id: '10', body: { version: 3, stage_id: 2 } }]);
    expect(await screen.findByText('Flood in the valley moved to Writing')).toBeInTheDocument();
    expect(screen.getByTestId('desk-announcement')).toHaveAttribute('aria-live', 'polite');
    // Without Shift an arrow is no move.
    fireEvent.keyDown(screen.getByRole('article', { name: 'Flood in the valley, in Writing' }), { key: 'ArrowRight' });
    expect(moves).toHaveLength(1);
  });

  it('moves a card dropped on another column', async () => {
    renderBoard();
    const story = await screen.findByRole('article', { name: 'Council budget, in Writing' });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'all',
    };
    fireEvent.dragStart(story, { dataTransfer });
    const target = column('Editing');
    const over = createEvent.dragOver(target, { dataTransfer });
    fireEvent(target, over);
    expect(over.defaultPrevented).toBe(true);
    fireEvent.drop(target, { dataTransfer });
    await waitFor(() => expect(within(column('Editing')).getByText('Council budget')).toBeInTheDocument());
    expect(moves).toEqual([{ id: '11', body: { version: 3, stage_id: 3 } }]);
  });

  it('shows a stale move as a toast and puts the card where the server has it', async () => {
    renderBoard();
    const story = await screen.findByRole('article', { name: 'Flood in the valley, in Pitch' });
    // Someone else moved it to Editing meanwhile.
    cards = [card(10, 'Flood in the valley', 3, 4), cards[1] as BoardCard];
    fireEvent.keyDown(story, { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(within(column('Editing')).getByText('Flood in the valley')).toBeInTheDocument());
    expect(within(column('Writing')).queryByText('Flood in the valley')).toBeNull();
    expect(toasts).toEqual([
      expect.objectContaining({
        type: 'error',
        message: 'Flood in the valley was not moved: Someone else has changed this story in the meantime: it was reloaded',
      }),
    ]);
    expect(screen.getByTestId('desk-announcement')).toHaveTextContent('Flood in the valley is in Editing');
  });

  it('speaks German', async () => {
    await act(() => setLanguage('de'));
    renderBoard();
    expect(await screen.findByRole('heading', { name: 'Ressort: News' })).toBeInTheDocument();
    expect(screen.getByText(/Umschalt\+Pfeil rechts/)).toBeInTheDocument();
    expect(within(column('Ready')).getByText('Keine Beiträge')).toBeInTheDocument();
    const story = screen.getByRole('article', { name: 'Flood in the valley, in Pitch' });
    fireEvent.keyDown(story, { key: 'ArrowRight', shiftKey: true });
    expect(await screen.findByText('Flood in the valley nach Writing verschoben')).toBeInTheDocument();
  });

  it('shows assignees, the deadline (overdue in words) and words against the target on the cards', async () => {
    cards = [
      {
        ...card(10, 'Flood in the valley', 1),
        assignees: [{ id: 2, name: 'Eddie Editor' }],
        deadline: '2030-05-01T10:00:00Z',
        target_words: 600,
        words: 212,
        overdue: true,
      },
      { ...card(11, 'Council budget', 5), deadline: '2030-05-01T10:00:00Z', overdue: true, words: 1 },
    ];
    renderBoard();
    const flood = await screen.findByRole('article', { name: 'Flood in the valley, in Pitch, overdue' });
    expect(within(flood).getByTestId('card-assignees')).toHaveTextContent('Assigned to Eddie Editor');
    expect(within(flood).getByTestId('card-deadline')).toHaveTextContent(/^Overdue: due May 1, 2030/);
    expect(within(flood).getByTestId('card-words')).toHaveTextContent('212 of 600 words');
    // Flagged but in the last stage: not overdue there.
    const budget = screen.getByRole('article', { name: 'Council budget, in Ready' });
    expect(within(budget).getByTestId('card-deadline')).toHaveTextContent(/^Due May 1, 2030/);
    expect(within(budget).getByTestId('card-words')).toHaveTextContent('1 word');
    expect(within(budget).getByTestId('card-assignees')).toHaveTextContent('Unassigned');
  });

  it('narrows the board by the quick filters: mine, overdue, unassigned, together', async () => {
    cards = [
      { ...card(10, 'Mine and late', 1), assignees: [{ id: 2, name: 'Eddie Editor' }], overdue: true },
      { ...card(11, 'Mine on time', 2), assignees: [{ id: 2, name: 'Eddie Editor' }] },
      { ...card(12, 'Nobody', 3), overdue: true },
      { ...card(13, 'Someone else', 3), assignees: [{ id: 7, name: 'Ola Other' }] },
    ];
    renderBoard();
    await screen.findByRole('article', { name: /^Mine and late/ });
    const shownTitles = () => screen.queryAllByRole('article').map((each) => each.getAttribute('aria-label')?.split(',')[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Mine' }));
    expect(screen.getByRole('button', { name: 'Mine' })).toHaveAttribute('aria-pressed', 'true');
    expect(shownTitles()).toEqual(['Mine and late', 'Mine on time']);
    expect(screen.getByText('2 of 4 stories shown')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Overdue' }));
    expect(shownTitles()).toEqual(['Mine and late']);
    fireEvent.click(screen.getByRole('button', { name: 'Mine' }));
    expect(shownTitles()).toEqual(['Mine and late', 'Nobody']);
    fireEvent.click(screen.getByRole('button', { name: 'Overdue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Unassigned' }));
    expect(shownTitles()).toEqual(['Nobody']);
  });

  it('opens a card in the editor with Enter or by its title', async () => {
    renderBoard();
    const story = await screen.findByRole('article', { name: 'Flood in the valley, in Pitch' });
    expect(within(story).getByRole('link', { name: 'Flood in the valley' })).toHaveAttribute('href', '/articles?edit=10');
    story.focus();
    fireEvent.keyDown(story, { key: 'Enter' });
    expect(await screen.findByText('Editor for ?edit=10')).toBeInTheDocument();
  });

  it('says so when the user works on no desk', async () => {
    server.on('get', '/api/v2/desks', ok([]));
    renderBoard();
    expect(await screen.findByText(/You do not work on any desk yet/)).toBeInTheDocument();
  });
});
