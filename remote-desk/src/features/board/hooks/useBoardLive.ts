import { useEffect, useRef } from 'react';
import type { BoardCard } from 'contracts/schemas/desks';
import type { PresenceEvent } from 'contracts/schemas/events';
import { connectBoardEvents, type StreamOpener } from '../api/boardEvents';

/** Whether an event changes this board: a move onto, within or off it, or a change (content, planning, overdue) of a card on it. */
export function concernsBoard(event: PresenceEvent, deskId: number, cards: readonly BoardCard[]): boolean {
  if (event.type === 'stage') return event.desk_id === deskId || cards.some((card) => card.id === event.article_id);
  if (event.type === 'planning') return cards.some((card) => card.id === event.article_id);
  if (event.type === 'article') return cards.some((card) => card.id === event.article_id && card.version < event.version);
  return false;
}

/**
 * Keeps an open board live: another user's move (or a change of a card's story) reloads it; a
 * snapshot after a reconnect too (changes may have been missed meanwhile).
 */
export function useBoardLive(deskId: number, cards: readonly BoardCard[], reload: () => Promise<void>, open?: StreamOpener): void {
  const latest = useRef({ cards, reload });
  latest.current = { cards, reload };
  useEffect(() => {
    let snapshots = 0;
    return connectBoardEvents((event) => {
      const { cards: now, reload: load } = latest.current;
      const stale = event.type === 'snapshot' ? snapshots++ > 0 : concernsBoard(event, deskId, now);
      if (stale) void load().catch(() => undefined);
    }, open);
  }, [deskId, open]);
}
