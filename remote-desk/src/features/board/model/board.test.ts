import type { BoardCard } from 'contracts/schemas/desks';
import { cardsByStage, stageForKey, withCard } from './board';

const card = (id: number, stageId: number): BoardCard => ({
  id,
  title: `Story ${id}`,
  stage_id: stageId,
  state: 5,
  version: 1,
  assignee: null,
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
