import CrownOutlined from '@ant-design/icons/es/icons/CrownOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import MailFilled from '@ant-design/icons/es/icons/MailFilled';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import QuestionCircleOutlined from '@ant-design/icons/es/icons/QuestionCircleOutlined';
import StarFilled from '@ant-design/icons/es/icons/StarFilled';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import UserAddOutlined from '@ant-design/icons/es/icons/UserAddOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import Button, { type ButtonProps } from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleListItem } from '../api/articlesApi';
import type { RowActionRunner } from '../hooks/useRowActions';
import { LIST_PREFIX, NS } from '../i18n';
import {
  accessAction,
  canRestore,
  deleteAction,
  featuredAction,
  newsletterAction,
  statusAction,
  type FieldUpdate,
  type RowRights,
  type ToggleAction,
} from '../model/rowActions';
import { ArticleStatusIcon } from './ArticleStatusIcon';
import { isScheduled } from 'contracts/rules/article-schedule';

interface Props {
  article: ArticleListItem;
  rights: RowRights;
  userId: number | null;
  actions: RowActionRunner;
}

const MUTED = '#bfbfbf';
/** Read-only icons take the width of a small icon button, so the columns line up. */
const CELL: React.CSSProperties = { display: 'inline-flex', justifyContent: 'center', alignItems: 'center', width: 24, height: 24 };

/** A small text button of the row, its label also its tooltip. */
function RowButton({ label, testId, ...button }: { label: string; testId: string } & Omit<ButtonProps, 'type' | 'size' | 'title'>) {
  return <Button type="text" size="small" aria-label={label} title={label} data-testid={testId} {...button} />;
}

/** A clickable icon (a button) or, when read-only, the same icon with its meaning as label. */
function RowIcon(props: { label: string; icon: ReactNode; onClick?: () => void; disabled?: boolean; testId: string }) {
  const { label, icon, onClick, disabled, testId } = props;
  if (!onClick) {
    return (
      <span role="img" aria-label={label} title={label} data-testid={testId} style={CELL}>
        {icon}
      </span>
    );
  }
  return <RowButton label={label} testId={testId} icon={icon} disabled={disabled} onClick={onClick} />;
}

/** Status icon, access, newsletter and featured toggles and the delete icon of one row. */
export function ArticleRowActions({ article, rights, userId, actions }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const busy = actions.isBusy(article.id);
  const send = (update: FieldUpdate | null) => (update ? () => actions.update(article.id, update) : undefined);

  const status = statusAction(article, rights, userId);
  const statusIcon = <ArticleStatusIcon article={article} />;
  const statusLabel =
    status.kind === 'submit'
      ? t('actions.submit')
      : status.kind === 'approve' && status.update.value === 1
        ? t(isScheduled(article, new Date()) ? 'actions.publishNow' : 'actions.approve')
        : t('actions.unpublish');
  const statusEl =
    status.kind === 'none' ? (
      <span style={CELL}>{statusIcon}</span>
    ) : (
      <RowButton
        label={statusLabel}
        testId="status-action"
        disabled={busy}
        onClick={() => (status.kind === 'submit' ? actions.submit(article.id) : actions.update(article.id, status.update))}
      >
        {statusIcon}
      </RowButton>
    );

  const access = accessAction(article, rights);
  const accessIcon =
    access.kind === 'public' ? (
      <UserOutlined />
    ) : access.kind === 'registered' ? (
      <UserAddOutlined />
    ) : access.kind === 'premium' ? (
      <CrownOutlined style={{ color: '#d48806' }} />
    ) : (
      <QuestionCircleOutlined style={{ color: MUTED }} />
    );
  const accessLabel = access.update
    ? access.kind === 'public'
      ? t('actions.toRegistered')
      : t('actions.toPublic')
    : access.kind === 'public'
      ? t('actions.accessPublic')
      : access.kind === 'registered'
        ? t('actions.accessRegistered')
        : access.kind === 'premium'
          ? t('actions.accessPremium')
          : t('actions.accessOther', { value: access.current });

  /** A flag toggle's label: what a click does, or (read-only) whether the flag is set. */
  const flagLabel = (flag: ToggleAction, keys: { turnOff: string; turnOn: string; isOn: string; isOff: string }) =>
    t(`actions.${flag.update ? (flag.current ? keys.turnOff : keys.turnOn) : flag.current ? keys.isOn : keys.isOff}`);
  const newsletter = newsletterAction(article, rights);
  const newsletterLabel = flagLabel(newsletter, {
    turnOff: 'removeNewsletter',
    turnOn: 'addNewsletter',
    isOn: 'newsletterOn',
    isOff: 'newsletterOff',
  });
  const featured = featuredAction(article, rights);
  const featuredLabel = flagLabel(featured, { turnOff: 'unfeature', turnOn: 'feature', isOn: 'featuredOn', isOff: 'featuredOff' });

  const del = deleteAction(article);
  const deleteLabel = del.kind === 'permanent' ? t('actions.deletePermanently') : t('actions.delete');

  return (
    // The row selects the article on click: clicks on the actions (and the confirm) stay here.
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      data-testid="row-actions"
    >
      {statusEl}
      <RowIcon label={accessLabel} icon={accessIcon} onClick={send(access.update)} disabled={busy} testId="access-toggle" />
      <RowIcon
        label={newsletterLabel}
        icon={newsletter.current ? <MailFilled style={{ color: '#1677ff' }} /> : <MailOutlined style={{ color: MUTED }} />}
        onClick={send(newsletter.update)}
        disabled={busy}
        testId="newsletter-toggle"
      />
      <RowIcon
        label={featuredLabel}
        icon={featured.current ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined style={{ color: MUTED }} />}
        onClick={send(featured.update)}
        disabled={busy}
        testId="featured-toggle"
      />
      {canRestore(article, rights, userId) && (
        <RowIcon
          label={t('actions.restore')}
          icon={<UndoOutlined />}
          onClick={() => actions.restore(article.id)}
          disabled={busy}
          testId="restore-article"
        />
      )}
      <Popconfirm
        title={del.kind === 'permanent' ? t('actions.confirmPermanent') : t('actions.confirmTrash')}
        okText={del.kind === 'permanent' ? t('actions.deletePermanently') : t('actions.confirmOk')}
        cancelText={t('actions.confirmCancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => actions.remove(article.id)}
      >
        <RowButton label={deleteLabel} testId="delete-article" danger icon={<DeleteOutlined />} disabled={busy} />
      </Popconfirm>
    </span>
  );
}
