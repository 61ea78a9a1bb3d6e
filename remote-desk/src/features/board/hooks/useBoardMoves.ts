import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Board, BoardCard, Stage } from 'contracts/schemas/desks';
import { errorText, toast } from 'shared';
import { fetchBoard, moveStory } from '../api/deskApi';
import { NS } from '../i18n';
import { withCard } from '../model/board';

export interface BoardMoves {
  cards: BoardCard[];
  /** The last move said aloud (the board's aria-live region). */
  announcement: string;
  move: (card: BoardCard, stage: Stage) => Promise<void>;
  /** Loads the board again (another user's change came in). */
  reload: () => Promise<void>;
}

/**
 * The board's cards and their moves: a move shows at once, is saved with the card's version and
 * announced; a refused one (409 stale, 403 a stage's leave right) is a toast and the card is reloaded.
 */
export function useBoardMoves(board: Board): BoardMoves {
  const { t } = useTranslation(NS);
  const [cards, setCards] = useState(board.cards);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => setCards(board.cards), [board]);
  const stageName = useCallback((id: number) => board.desk.stages.find((stage) => stage.id === id)?.name ?? '', [board]);

  const reload = useCallback(async () => {
    const fresh = await fetchBoard(board.desk.id);
    setCards(fresh.cards);
  }, [board.desk.id]);

  const move = useCallback(
    async (card: BoardCard, stage: Stage) => {
      if (card.stage_id === stage.id) return;
      setCards((now) => withCard(now, { ...card, stage_id: stage.id }));
      try {
        const saved = await moveStory(card.id, card.version, stage.id);
        setCards((now) => withCard(now, { ...card, stage_id: stage.id, version: saved.version }));
        setAnnouncement(t('moved', { title: card.title, stage: stage.name }));
      } catch (error) {
        const reason = errorText(error);
        toast.error(t('moveFailed', { title: card.title, reason }));
        const fresh = await fetchBoard(board.desk.id).catch(() => null);
        const reloaded = fresh?.cards.find((each) => each.id === card.id);
        setCards((now) => (reloaded ? withCard(now, reloaded) : now.filter((each) => each.id !== card.id || fresh === null)));
        if (!fresh) setCards((now) => withCard(now, card));
        setAnnouncement(
          reloaded
            ? `${t('moveFailed', { title: card.title, reason })} ${t('reloaded', { title: reloaded.title, stage: stageName(reloaded.stage_id) })}`
            : t('moveFailed', { title: card.title, reason }),
        );
      }
    },
    [board.desk.id, stageName, t],
  );

  return { cards, announcement, move, reload };
}
