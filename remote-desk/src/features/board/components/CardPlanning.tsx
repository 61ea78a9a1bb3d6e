import { useTranslation } from 'react-i18next';
import type { BoardCard } from 'contracts/schemas/desks';
import { NS } from '../i18n';

interface Props {
  card: BoardCard;
  overdue: boolean;
}

/** A card's planning: who it is assigned to, its deadline (overdue said in words, not colour alone), words against the target. */
export function CardPlanning({ card, overdue }: Props) {
  const { t, i18n } = useTranslation(NS);
  const deadline =
    card.deadline === null
      ? null
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(card.deadline));
  const names = card.assignees.map((user) => user.name).join(', ');
  return (
    <div className="nd-desk-card-meta">
      <span data-testid="card-assignees">{names ? t('assignee', { name: names }) : t('noAssignee')}</span>
      {deadline ? (
        <span className={overdue ? 'nd-desk-card-overdue' : undefined} data-testid="card-deadline">
          {overdue ? t('overdueSince', { date: deadline }) : t('due', { date: deadline })}
        </span>
      ) : null}
      <span data-testid="card-words">
        {card.target_words === null
          ? t('words', { count: card.words })
          : t('wordsOfTarget', { count: card.words, target: card.target_words })}
      </span>
    </div>
  );
}
