import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { Board, BoardCard, Desk } from 'contracts/schemas/desks';
import type { PresenceEvent } from 'contracts/schemas/events';
import { MemoryRouter } from 'react-router-dom';
import { signIn } from 'shared/test/fixtures';
import { ok, setupStub } from 'shared/test/stubServer';
import type { StreamOpener } from '../api/boardEvents';
import { concernsBoard } from '../hooks/useBoardLive';
import { BoardView } from './BoardView';

const STAGES = ['Pitch', 'Writing', 'Editing'].map((name, index) => ({ id: index + 1, name, position: index + 1, leave_right: null }));
const NEWS: Desk = { id: 1, name: 'News', version: 1, stages: STAGES, members: [] };
const card = (id: number, stageId: number, version = 1): BoardCard => ({
  id,
  title: `Story ${id}`,
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

/** An event stream the test writes to. */
function testStream(): { open: StreamOpener; send: (event: PresenceEvent) => void } {
  let push: (event: PresenceEvent) => void = () => undefined;
  const encoder = new TextEncoder();
  // jsdom has no ReadableStream: Node's, as fetch streams give it in the browser.
  const open: StreamOpener = async () =>
    new NodeReadableStream<Uint8Array>({
      start(controller) {
        push = (event) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      },
    }) as unknown as ReadableStream<Uint8Array>;
  return { open, send: (event) => push(event) };
}

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name} \\(`) });

describe('a live board', () => {
  it("moves a card when another user's move comes in on the event stream", async () => {
    let cards = [card(10, 1), card(11, 2)];
    const server = setupStub().on('get', '/api/v2/desks/:id/board', () => ok<Board>({ desk: NEWS, cards }));
    await signIn(server, 'tok-live', ['create_article', 'edit_all_articles']);
    const stream = testStream();
    render(
      <MemoryRouter>
        <BoardView board={{ desk: NEWS, cards }} desks={[NEWS]} onChooseDesk={() => undefined} openEvents={stream.open} />
      </MemoryRouter>,
    );
    expect(within(column('Pitch')).getByText('Story 10')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('get', '/api/v2/desks/:id/board')).toHaveLength(0));
    stream.send({ type: 'snapshot', locks: [], heartbeat_ms: 20_000 });
    // Someone else moved story 10 to Editing.
    cards = [card(10, 3, 2), card(11, 2)];
    stream.send({ type: 'stage', article_id: 10, desk_id: 1, stage_id: 3, version: 2 });
    await waitFor(() => expect(within(column('Editing')).getByText('Story 10')).toBeInTheDocument());
    expect(within(column('Pitch')).queryByText('Story 10')).toBeNull();
    // The overdue job flagged story 11 (a planning event): its card says so.
    cards = [card(10, 3, 2), { ...card(11, 2), deadline: '2030-05-01T10:00:00Z', overdue: true }];
    stream.send({ type: 'planning', article_id: 11, desk_id: 1, planning_version: 2, overdue: true });
    expect(await screen.findByRole('article', { name: 'Story 11, in Writing, overdue' })).toBeInTheDocument();
  });

  it('knows which events change the board', () => {
    const cards = [card(10, 1, 4)];
    expect(concernsBoard({ type: 'planning', article_id: 10, desk_id: 1, planning_version: 3, overdue: true }, 1, cards)).toBe(true);
    expect(concernsBoard({ type: 'planning', article_id: 99, desk_id: 1, planning_version: 3, overdue: true }, 1, cards)).toBe(false);
    expect(concernsBoard({ type: 'stage', article_id: 99, desk_id: 1, stage_id: 2, version: 2 }, 1, cards)).toBe(true);
    expect(concernsBoard({ type: 'stage', article_id: 10, desk_id: null, stage_id: null, version: 5 }, 1, cards)).toBe(true);
    expect(concernsBoard({ type: 'stage', article_id: 99, desk_id: 2, stage_id: 7, version: 2 }, 1, cards)).toBe(false);
    expect(concernsBoard({ type: 'article', article_id: 10, version: 5, state: 5, deleted: false }, 1, cards)).toBe(true);
    expect(concernsBoard({ type: 'article', article_id: 10, version: 4, state: 5, deleted: false }, 1, cards)).toBe(false);
    expect(concernsBoard({ type: 'heartbeat' }, 1, cards)).toBe(false);
  });
});
