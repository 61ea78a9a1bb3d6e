import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import MinusOutlined from '@ant-design/icons/es/icons/MinusOutlined';
import QuestionOutlined from '@ant-design/icons/es/icons/QuestionOutlined';
import RestOutlined from '@ant-design/icons/es/icons/RestOutlined';
import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_PREFIX, NS } from '../i18n';
import { stateName, statusIconKind, type StatusIconKind } from 'contracts/rules/article-state';

const ICONS: Record<StatusIconKind, ComponentType<{ style?: React.CSSProperties }>> = {
  published: CheckOutlined,
  awaiting: QuestionOutlined,
  draft: SaveOutlined,
  trash: RestOutlined,
  other: MinusOutlined,
};

const COLOURS: Record<StatusIconKind, string | undefined> = {
  published: '#389e0d',
  awaiting: '#d48806',
  draft: '#1677ff',
  trash: '#a8071a',
  other: undefined,
};

/** Spec section 4: ok mark published, question mark awaiting approval, save icon draft, minus otherwise; a bin for the trash. */
export function ArticleStatusIcon({ state }: { state: unknown }) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const kind = statusIconKind(state);
  const Icon = ICONS[kind];
  const label = t(`state.${stateName(state)}`);
  return (
    <span role="img" aria-label={label} title={label} data-status={kind}>
      <Icon style={{ color: COLOURS[kind] }} />
    </span>
  );
}
