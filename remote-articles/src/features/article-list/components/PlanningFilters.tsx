import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Desk } from 'contracts/schemas/desks';
import { fetchDesks } from '../api/articlesApi';
import { LIST_PREFIX, NS } from '../i18n';
import { changeFilter, type ArticleFilter, type FilterField } from '../model/filterModel';

interface Props {
  filter: ArticleFilter;
  onChange(next: ArticleFilter): void;
}

/** The desks the user works on, read once (none: the filters by desk and stage are not offered). */
function useDesks(): Desk[] {
  const [desks, setDesks] = useState<Desk[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    // A convenience: without desks the list still works, so a failure shows nothing.
    fetchDesks(controller.signal).then(setDesks, () => undefined);
    return () => controller.abort();
  }, []);
  return desks;
}

/** The planning filters, for every user: assigned to me, desk, stage, overdue (contracts/rules/planning). */
export function PlanningFilters({ filter, onChange }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const desks = useDesks();
  const set = (field: FilterField) => (value: string | undefined | null) => {
    const change = changeFilter(filter, field, value ?? '');
    if (change.searchChanged) onChange(change.filter);
  };
  const desk = desks.find((each) => String(each.id) === filter.desk);
  const small = { size: 'small' as const, popupMatchSelectWidth: false };
  return (
    <Flex wrap gap={8} align="center" data-testid="planning-filters" role="group" aria-label={t('planning.heading')}>
      <Select<string>
        {...small}
        aria-label={t('planning.assigned')}
        value={filter.mine}
        onChange={set('mine')}
        style={{ width: 170 }}
        options={[
          { value: '', label: t('planning.anyone') },
          { value: '1', label: t('planning.mine') },
        ]}
        data-testid="filter-mine"
      />
      {desks.length > 0 && (
        <>
          <Select<string>
            {...small}
            aria-label={t('planning.desk')}
            value={filter.desk}
            onChange={set('desk')}
            style={{ width: 150 }}
            options={[{ value: '', label: t('planning.allDesks') }, ...desks.map((each) => ({ value: String(each.id), label: each.name }))]}
            data-testid="filter-desk"
          />
          <Select<string>
            {...small}
            aria-label={t('planning.stage')}
            value={filter.stage}
            onChange={set('stage')}
            disabled={!desk}
            style={{ width: 150 }}
            options={[
              { value: '', label: t('planning.allStages') },
              ...(desk?.stages ?? []).map((stage) => ({ value: String(stage.id), label: stage.name })),
            ]}
            data-testid="filter-stage"
          />
        </>
      )}
      <Select<string>
        {...small}
        aria-label={t('planning.overdue')}
        value={filter.overdue}
        onChange={set('overdue')}
        style={{ width: 170 }}
        options={[
          { value: '', label: `${t('planning.overdue')}: ${t('planning.any')}` },
          { value: '1', label: `${t('planning.overdue')}: ${t('planning.yes')}` },
          { value: '0', label: `${t('planning.overdue')}: ${t('planning.no')}` },
        ]}
        data-testid="filter-overdue"
      />
    </Flex>
  );
}
