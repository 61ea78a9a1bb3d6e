import type { BoardCard } from 'contracts/schemas/desks';
import { neighbourStage } from 'contracts/rules/desks';

/** The cards of each stage, in the board's order (newest first within a stage). */
export function cardsByStage(cards: readonly BoardCard[], stageIds: readonly number[]): Map<number, BoardCard[]> {
  const columns = new Map<number, BoardCard[]>(stageIds.map((id) => [id, []]));
  for (const card of cards) columns.get(card.stage_id)?.push(card);
  return columns;
}

/** The cards with one card replaced (a move answered, a card reloaded). */
export function withCard(cards: readonly BoardCard[], next: BoardCard): BoardCard[] {
  return cards.map((card) => (card.id === next.id ? next : card));
}

/** The stage a keyboard shortcut moves a card to: Shift+→ the next stage, Shift+← the one before; null for any other key. */
export function stageForKey<T extends { id: number }>(
  stages: readonly T[],
  stageId: number,
  key: { key: string; shiftKey: boolean },
): T | null {
  if (!key.shiftKey) return null;
  if (key.key === 'ArrowRight') return neighbourStage(stages, stageId, 1);
  if (key.key === 'ArrowLeft') return neighbourStage(stages, stageId, -1);
  return null;
}

/** The drag's payload type: a card's id travels as this, so other drops are ignored. */
export const CARD_DRAG_TYPE = 'application/x-newsdesk-story';
