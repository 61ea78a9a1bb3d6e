import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardCard, Stage } from 'contracts/schemas/desks';
import { NS } from '../i18n';
import { CARD_DRAG_TYPE } from '../model/board';
import { StoryCard } from './StoryCard';

interface Props {
  stage: Stage;
  stages: Stage[];
  cards: BoardCard[];
  helpId: string;
  /** A card dropped here, by id (any card of the board). */
  onDrop: (cardId: number, stage: Stage) => void;
  onMove: (card: BoardCard, stage: Stage) => void;
  /** Whether a card shows as overdue where it is now. */
  overdueOf: (card: BoardCard) => boolean;
}

/** One stage of the board: its heading, its cards, a drop target for a dragged card. */
export function StageColumn({ stage, stages, cards, helpId, onDrop, onMove, overdueOf }: Props) {
  const { t } = useTranslation(NS);
  const [over, setOver] = useState(false);
  const headingId = `nd-desk-stage-${stage.id}`;
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(CARD_DRAG_TYPE);
  return (
    <section
      className="nd-desk-column"
      data-testid={`stage-${stage.id}`}
      data-over={over}
      aria-labelledby={headingId}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const id = Number(event.dataTransfer.getData(CARD_DRAG_TYPE));
        if (!Number.isInteger(id) || id <= 0) return;
        event.preventDefault();
        onDrop(id, stage);
      }}
    >
      <h2 id={headingId} className="nd-desk-column-title">
        {stage.name} <span className="nd-desk-count">({cards.length})</span>
      </h2>
      {cards.length === 0 ? <p className="nd-desk-empty">{t('empty')}</p> : null}
      <ul className="nd-desk-cards" aria-label={t('stage', { name: stage.name, count: cards.length })}>
        {cards.map((card) => (
          <StoryCard
            key={card.id}
            card={card}
            stages={stages}
            stageName={stage.name}
            helpId={helpId}
            overdue={overdueOf(card)}
            onMove={onMove}
          />
        ))}
      </ul>
    </section>
  );
}
