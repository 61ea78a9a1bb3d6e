import type { BoardCard } from 'contracts/schemas/desks';
import { neighbourStage } from 'contracts/rules/desks';
import { isOverdue, matchesPlanning, quickFilter, type PlanningFacts, type QuickFilter } from 'contracts/rules/planning';

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

/** A card as the planning rules see it, on its board's desk (the stage as shown now: a move counts at once). */
export function cardFacts(card: BoardCard, deskId: number, lastStageId: number | null): PlanningFacts {
  return {
    assigneeIds: card.assignees.map((user) => user.id),
    deskId,
    stageId: card.stage_id,
    lastStageId,
    deadline: card.deadline === null ? null : new Date(card.deadline),
    flagged: card.overdue,
  };
}

/** Whether the card shows as overdue where it is now (moved to the last stage: no longer). */
export function cardOverdue(card: BoardCard, deskId: number, lastStageId: number | null): boolean {
  return isOverdue(cardFacts(card, deskId, lastStageId));
}

/** The cards that pass every active quick filter (none active: all). */
export function filterCards(
  cards: readonly BoardCard[],
  active: readonly QuickFilter[],
  context: { viewerId: number; deskId: number; lastStageId: number | null },
): BoardCard[] {
  if (active.length === 0) return [...cards];
  const filters = active.map((filter) => quickFilter(filter, context.viewerId));
  return cards.filter((card) => {
    const facts = cardFacts(card, context.deskId, context.lastStageId);
    return filters.every((filter) => matchesPlanning(facts, filter));
  });
}

/** Where a card opens in the editor (the article portal opens `?edit=<id>`). */
export function editorHref(cardId: number): string {
  return `/articles?edit=${cardId}`;
}
