import Typography from 'antd/es/typography';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROW_ACTIONS_COMPACT_BELOW, useViewportBelow } from 'shared/ui/RowActionsMenu';
import type { ActivityEntry } from '../api/activityApi';
import { actorName, EntryChanges, EntryRecord, formatWhen, useActivityText } from './EntryParts';

type Columns = NonNullable<TableProps<ActivityEntry>['columns']>;

/**
 * The log's columns and scroll: When, Who, Action, What and Changes side by side on a wide screen
 * (scrolling inside the table below 900 px); on a narrow one a single column with the same parts
 * one under the other, so that no part of an entry is out of sight.
 */
export function useActivityColumns(): { columns: Columns; scroll?: { x: number } } {
  const t = useActivityText();
  const { i18n } = useTranslation();
  const compact = useViewportBelow(ROW_ACTIONS_COMPACT_BELOW);
  const when = (entry: ActivityEntry) => <time dateTime={entry.at}>{formatWhen(entry.at, i18n.language)}</time>;
  if (compact) {
    return {
      columns: [
        {
          key: 'entry',
          title: t('columns.entry'),
          render: (_, entry) => (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 4, overflowWrap: 'anywhere' }}>
              <Typography.Text type="secondary">
                {when(entry)} · {actorName(entry, t)}
              </Typography.Text>
              <span>
                <Typography.Text strong>{t(`actions.${entry.action}`)}</Typography.Text> <EntryRecord entry={entry} />
              </span>
              <EntryChanges entry={entry} />
            </div>
          ),
        },
      ],
    };
  }
  return {
    columns: [
      { key: 'when', title: t('columns.when'), width: 170, render: (_, entry) => when(entry) },
      { key: 'who', title: t('columns.who'), width: 150, render: (_, entry) => actorName(entry, t) },
      { key: 'action', title: t('columns.action'), width: 140, render: (_, entry) => t(`actions.${entry.action}`) },
      { key: 'what', title: t('columns.what'), width: 240, render: (_, entry) => <EntryRecord entry={entry} /> },
      { key: 'changes', title: t('columns.changes'), render: (_, entry) => <EntryChanges entry={entry} /> },
    ],
    scroll: { x: 900 },
  };
}
