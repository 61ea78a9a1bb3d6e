import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Board, Desk } from 'contracts/schemas/desks';
import { NS } from '../i18n';
import { useBoardMoves } from '../hooks/useBoardMoves';
import { useBoardLive } from '../hooks/useBoardLive';
import type { StreamOpener } from '../api/boardEvents';
import { cardsByStage } from '../model/board';
import { ensureBoardStyles } from './boardStyles';
import { StageColumn } from './StageColumn';

interface Props {
  board: Board;
  desks: Desk[];
  onChooseDesk: (deskId: number) => void;
  /** The event stream (tests pass their own). */
  openEvents?: StreamOpener;
}

const HELP_ID = 'nd-desk-keyboard-help';

/** The board: one column per stage, the cards in them, moves by drag or keyboard, announced. */
export function BoardView({ board, desks, onChooseDesk, openEvents }: Props) {
  ensureBoardStyles();
  const { t } = useTranslation(NS);
  const { cards, announcement, move, reload } = useBoardMoves(board);
  useBoardLive(board.desk.id, cards, reload, openEvents);
  const stages = board.desk.stages;
  const columns = useMemo(
    () =>
      cardsByStage(
        cards,
        stages.map((stage) => stage.id),
      ),
    [cards, stages],
  );
  const onDrop = (cardId: number, stageId: number) => {
    const card = cards.find((each) => each.id === cardId);
    const stage = stages.find((each) => each.id === stageId);
    if (card && stage) void move(card, stage);
  };
  return (
    <>
      {desks.length > 1 ? (
        <label className="nd-desk-chooser">
          {t('desk')}{' '}
          <select value={board.desk.id} onChange={(event) => onChooseDesk(Number(event.target.value))}>
            {desks.map((desk) => (
              <option key={desk.id} value={desk.id}>
                {desk.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p id={HELP_ID} className="nd-desk-help">
        {t('keyboardHelp')}
      </p>
      <div className="nd-desk-board" data-testid="desk-board">
        {stages.map((stage) => (
          <StageColumn
            key={stage.id}
            stage={stage}
            stages={stages}
            cards={columns.get(stage.id) ?? []}
            helpId={HELP_ID}
            onDrop={(cardId) => onDrop(cardId, stage.id)}
            onMove={(card, to) => void move(card, to)}
          />
        ))}
      </div>
      <div aria-live="polite" role="status" className="nd-desk-live" data-testid="desk-announcement">
        {announcement}
      </div>
    </>
  );
}
