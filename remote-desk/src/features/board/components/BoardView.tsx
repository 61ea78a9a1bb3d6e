import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuickFilter } from 'contracts/rules/planning';
import type { Board, Desk } from 'contracts/schemas/desks';
import { useSession } from 'shared';
import { NS } from '../i18n';
import { useBoardMoves } from '../hooks/useBoardMoves';
import { useBoardLive } from '../hooks/useBoardLive';
import type { StreamOpener } from '../api/boardEvents';
import { cardOverdue, cardsByStage, filterCards } from '../model/board';
import { ensureBoardStyles } from './boardStyles';
import { QuickFilters } from './QuickFilters';
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
  const viewerId = useSession().user?.id ?? 0;
  const [active, setActive] = useState<QuickFilter[]>([]);
  const deskId = board.desk.id;
  const lastStageId = stages.at(-1)?.id ?? null;
  const shown = useMemo(
    () => filterCards(cards, active, { viewerId, deskId, lastStageId }),
    [cards, active, viewerId, deskId, lastStageId],
  );
  const columns = useMemo(
    () =>
      cardsByStage(
        shown,
        stages.map((stage) => stage.id),
      ),
    [shown, stages],
  );
  const toggle = (filter: QuickFilter) =>
    setActive((now) => (now.includes(filter) ? now.filter((each) => each !== filter) : [...now, filter]));
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
      <QuickFilters active={active} onToggle={toggle} shown={shown.length} total={cards.length} />
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
            overdueOf={(card) => cardOverdue(card, deskId, lastStageId)}
          />
        ))}
      </div>
      <div aria-live="polite" role="status" className="nd-desk-live" data-testid="desk-announcement">
        {announcement}
      </div>
    </>
  );
}
