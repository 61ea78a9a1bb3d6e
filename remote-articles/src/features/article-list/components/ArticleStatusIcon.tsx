import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import ClockCircleOutlined from '@ant-design/icons/es/icons/ClockCircleOutlined';
import MinusOutlined from '@ant-design/icons/es/icons/MinusOutlined';
import QuestionOutlined from '@ant-design/icons/es/icons/QuestionOutlined';
import RestOutlined from '@ant-design/icons/es/icons/RestOutlined';
import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_PREFIX, NS } from '../i18n';
import { displayStateName, type ScheduledFacts } from 'contracts/rules/article-schedule';
import { iconKindOf, type StatusIconKind } from 'contracts/rules/article-state';
import { formatArticleDate } from '../model/formatDate';

const ICONS: Record<StatusIconKind, ComponentType<{ style?: React.CSSProperties }>> = {
  published: CheckOutlined,
  scheduled: ClockCircleOutlined,
  awaiting: QuestionOutlined,
  draft: SaveOutlined,
  trash: RestOutlined,
  other: MinusOutlined,
};

const COLOURS: Record<StatusIconKind, string | undefined> = {
  published: '#389e0d',
  scheduled: '#531dab',
  awaiting: '#d48806',
  draft: '#1677ff',
  trash: '#a8071a',
  other: undefined,
};

/**
 * Spec section 4: ok mark published, question mark awaiting approval, save icon draft, minus
 * otherwise; a bin for the trash; a clock for Scheduled, whose label tells when it goes
 * out, in the user's time zone.
 */
export function ArticleStatusIcon({ article }: { article: ScheduledFacts }) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const name = displayStateName(article, new Date());
  const kind = iconKindOf(name);
  const Icon = ICONS[kind];
  const label =
    name === 'scheduled' ? t('scheduledAt', { time: formatArticleDate(article.publish_up, i18n.language) }) : t(`state.${name}`);
  return (
    <span role="img" aria-label={label} title={label} data-status={kind}>
      <Icon style={{ color: COLOURS[kind] }} />
    </span>
  );
}
