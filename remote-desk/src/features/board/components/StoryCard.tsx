import type { DragEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { BoardCard, Stage } from 'contracts/schemas/desks';
import { NS } from '../i18n';
import { CARD_DRAG_TYPE, editorHref, stageForKey } from '../model/board';
import { CardPlanning } from './CardPlanning';

interface Props {
  card: BoardCard;
  stages: Stage[];
  stageName: string;
  helpId: string;
  /** Shown overdue where it is now. */
  overdue: boolean;
  onMove: (card: BoardCard, stage: Stage) => void;
}

/** One story on the board: dragged to another column, moved by Shift+arrows when focused, opened by Enter or its title. */
export function StoryCard({ card, stages, stageName, helpId, overdue, onMove }: Props) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      void navigate(editorHref(card.id));
      return;
    }
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
        data-overdue={overdue}
        tabIndex={0}
        draggable
        aria-label={t(overdue ? 'cardLabelOverdue' : 'cardLabel', { title: card.title, stage: stageName })}
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
        onDragStart={onDragStart}
      >
        <Link className="nd-desk-card-title" to={editorHref(card.id)} tabIndex={-1} draggable={false}>
          {card.title}
        </Link>
        <CardPlanning card={card} overdue={overdue} />
        {card.lock ? <div className="nd-desk-card-lock">{t('lockedBy', { name: card.lock.held_by.name })}</div> : null}
      </article>
    </li>
  );
}
