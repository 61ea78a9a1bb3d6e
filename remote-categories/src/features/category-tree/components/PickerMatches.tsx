// The picker's search results: the matching categories as a flat list, each with its path (the
// titles above it), ticked and unticked as in the tree. Virtualised like the tree once long.
import Checkbox from 'antd/es/checkbox';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { NS, PICKER_PREFIX } from '../i18n';
import type { CategoryMatch } from '../model/search';
import type { TickState } from '../model/selection';
import { VirtualRows } from './VirtualRows';

interface Props {
  matches: readonly CategoryMatch[];
  states: ReadonlyMap<number, TickState>;
  disabled: boolean;
  height: number;
  onClick(id: number): void;
}

const PATH_SEPARATOR = ' › ';

export function PickerMatches({ matches, states, disabled, height, onClick }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: PICKER_PREFIX });
  if (matches.length === 0) {
    return (
      <Typography.Text type="secondary" role="status" data-testid="picker-no-match">
        {t('noMatch')}
      </Typography.Text>
    );
  }
  return (
    <div role="list" aria-label={t('matches', { count: matches.length })} data-testid="picker-matches">
      <VirtualRows
        items={matches}
        itemKey={(match) => match.node.id}
        itemHeight={44}
        height={height}
        testId="picker-matches-scroll"
        renderItem={({ node, path }) => {
          const state = states.get(node.id) ?? 'unchecked';
          const where = path.join(PATH_SEPARATOR);
          return (
            <div
              key={node.id}
              role="listitem"
              data-testid={`picker-match-${node.id}`}
              style={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 44 }}
            >
              <Checkbox
                checked={state === 'checked'}
                indeterminate={state === 'mixed'}
                aria-checked={state === 'mixed' ? 'mixed' : undefined}
                disabled={disabled}
                aria-label={where ? t('selectIn', { title: node.title, path: where }) : t('select', { title: node.title })}
                onChange={() => onClick(node.id)}
              />
              <span style={{ display: 'flex', flexDirection: 'column' }}>
                <Typography.Text>{node.title}</Typography.Text>
                {where && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {where}
                  </Typography.Text>
                )}
              </span>
            </div>
          );
        }}
      />
    </div>
  );
}
