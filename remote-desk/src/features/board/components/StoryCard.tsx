import type { DragEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardCard, Stage } from 'contracts/schemas/desks';
import { NS } from '../i18n';
import { CARD_DRAG_TYPE, stageForKey } from '../model/board';

interface Props {
  card: BoardCard;
  stages: Stage[];
  stageName: string;
  helpId: string;
  onMove: (card: BoardCard, stage: Stage) => void;
}

/** One story on the board: dragged to another column, or moved by Shift+arrows when focused. */
export function StoryCard({ card, stages, stageName, helpId, onMove }: Props) {
  const { t } = useTranslation(NS);
  const onKeyDown = (event: KeyboardEvent) => {
    const target = stageForKey(stages, card.stage_id, event);
    if (!target) return;
    event.preventDefault();
    onMove(card, target);
  };
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(CARD_DRAG_TYPE, String(card.id));
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <li className="nd-desk-card-item">
      <article
        className="nd-desk-card"
        data-testid={`story-${card.id}`}
        tabIndex={0}
        draggable
        aria-label={t('cardLabel', { title: card.title, stage: stageName })}
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
        onDragStart={onDragStart}
      >
        <div className="nd-desk-card-title">{card.title}</div>
        <div className="nd-desk-card-meta">
          {card.assignee ? t('assignee', { name: card.assignee.name }) : t('noAssignee')}
          {card.lock ? <span className="nd-desk-card-lock">{t('lockedBy', { name: card.lock.held_by.name })}</span> : null}
        </div>
      </article>
    </li>
  );
}
