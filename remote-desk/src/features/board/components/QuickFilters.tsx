import { useTranslation } from 'react-i18next';
import { QUICK_FILTERS, type QuickFilter } from 'contracts/rules/planning';
import { NS } from '../i18n';

interface Props {
  active: readonly QuickFilter[];
  onToggle: (filter: QuickFilter) => void;
  shown: number;
  total: number;
}

const LABEL_KEYS: Record<QuickFilter, string> = { mine: 'filterMine', overdue: 'filterOverdue', unassigned: 'filterUnassigned' };

/** The board's quick filters (mine, overdue, unassigned): toggle buttons, all active ones apply. */
export function QuickFilters({ active, onToggle, shown, total }: Props) {
  const { t } = useTranslation(NS);
  return (
    <div className="nd-desk-filters" role="group" aria-label={t('quickFilters')}>
      {QUICK_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className="nd-desk-filter"
          aria-pressed={active.includes(filter)}
          data-testid={`quick-filter-${filter}`}
          onClick={() => onToggle(filter)}
        >
          {t(LABEL_KEYS[filter])}
        </button>
      ))}
      {active.length > 0 ? <span className="nd-desk-filter-count">{t('filterCount', { shown, total })}</span> : null}
    </div>
  );
}
