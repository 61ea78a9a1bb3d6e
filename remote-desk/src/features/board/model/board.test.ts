import type { BoardCard } from 'contracts/schemas/desks';
import { cardOverdue, cardsByStage, editorHref, filterCards, stageForKey, withCard } from './board';

const card = (id: number, stageId: number): BoardCard => ({
  id,
  title: `Story ${id}`,
  stage_id: stageId,
  state: 5,
  version: 1,
  assignees: [],
  deadline: null,
  planned_slot: null,
  target_words: null,
  overdue: false,
  words: 0,
  lock: null,
});
const STAGES = [{ id: 1 }, { id: 2 }, { id: 3 }];

describe('board model', () => {
  it('puts each card in its stage, every stage a column even when empty, unknown stages dropped', () => {
    const columns = cardsByStage([card(9, 1), card(8, 3), card(7, 1), card(6, 99)], [1, 2, 3]);
    expect([...columns.entries()].map(([stage, cards]) => [stage, cards.map((each) => each.id)])).toEqual([
      [1, [9, 7]],
      [2, []],
      [3, [8]],
    ]);
  });

  it('replaces one card', () => {
    expect(withCard([card(1, 1), card(2, 1)], { ...card(2, 3), version: 2 }).map((each) => [each.id, each.stage_id])).toEqual([
      [1, 1],
      [2, 3],
    ]);
  });

  it('moves by Shift+arrows only, not beyond the first or last stage', () => {
    expect(stageForKey(STAGES, 2, { key: 'ArrowRight', shiftKey: true })).toEqual({ id: 3 });
    expect(stageForKey(STAGES, 2, { key: 'ArrowLeft', shiftKey: true })).toEqual({ id: 1 });
    expect(stageForKey(STAGES, 3, { key: 'ArrowRight', shiftKey: true })).toBeNull();
    expect(stageForKey(STAGES, 2, { key: 'ArrowRight', shiftKey: false })).toBeNull();
    expect(stageForKey(STAGES, 2, { key: 'Enter', shiftKey: true })).toBeNull();
  });
});

describe('planning on the board', () => {
  const planned = (id: number, stageId: number, extra: Partial<BoardCard>): BoardCard => ({ ...card(id, stageId), ...extra });
  const context = { viewerId: 2, deskId: 1, lastStageId: 3 };

  it('shows a flagged card overdue only outside the last stage', () => {
    expect(cardOverdue(planned(1, 1, { overdue: true }), 1, 3)).toBe(true);
    expect(cardOverdue(planned(1, 3, { overdue: true }), 1, 3)).toBe(false);
    expect(cardOverdue(planned(1, 1, { overdue: false }), 1, 3)).toBe(false);
  });

  it('keeps the cards that pass every active quick filter', () => {
    const cards = [
      planned(1, 1, { assignees: [{ id: 2, name: 'Me' }], overdue: true }),
      planned(2, 1, { assignees: [{ id: 5, name: 'Other' }] }),
      planned(3, 3, { overdue: true }),
    ];
    const ids = (active: Parameters<typeof filterCards>[1]) => filterCards(cards, active, context).map((each) => each.id);
    expect(ids([])).toEqual([1, 2, 3]);
    expect(ids(['mine'])).toEqual([1]);
    expect(ids(['overdue'])).toEqual([1]);
    expect(ids(['unassigned'])).toEqual([3]);
    expect(ids(['mine', 'unassigned'])).toEqual([]);
  });

  it('opens a card at the article portal', () => {
    expect(editorHref(42)).toBe('/articles?edit=42');
  });
});
