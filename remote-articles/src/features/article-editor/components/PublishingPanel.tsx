// The editor's Publishing panel: the start and finish times (in the user's time zone) and what the
// article's schedule is now (contracts/rules/article-schedule.ts): Scheduled by an approver, a start
// that is only a request, or a finish the job will act on. An approver can withdraw a schedule here.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, errorMessage } from 'shared';
import { unscheduleArticle } from '../api/editorApi';
import { EDITOR_PREFIX, NS } from '../i18n';
import { isPublishRangeValid, userTimeZone } from '../model/dates';
import { scheduleStatus, type ScheduleStatusFacts } from '../model/scheduleStatus';
import { DateTimeField } from 'shared/fields';

export interface PublishingPanelProps {
  /** The stored article (undefined for a new one). */
  article: (ScheduleStatusFacts & { id: number }) | undefined;
  /** The user may approve: may schedule and withdraw a schedule. */
  canApprove: boolean;
  disabled: boolean;
  /** The schedule was withdrawn: read the article again. */
  onChanged(): void;
}

export function PublishingPanel({ article, canApprove, disabled, onChanged }: PublishingPanelProps) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const [busy, setBusy] = useState(false);
  const format = (date: Date) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  const status = article ? scheduleStatus(article, new Date()) : { kind: 'none' as const };

  const unschedule = async () => {
    if (!article || busy) return;
    setBusy(true);
    try {
      await unscheduleArticle(article.id);
      toast.success(t('schedule.unscheduled'));
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  let text: string;
  if (status.kind === 'scheduled') {
    text = status.down
      ? t('schedule.scheduledUntil', { time: format(status.up), until: format(status.down) })
      : t('schedule.scheduled', { time: format(status.up) });
  } else if (status.kind === 'publishedUntil') text = t('schedule.publishedUntil', { until: format(status.down) });
  else if (status.kind === 'requested')
    text = t(canApprove ? 'schedule.requestedApprover' : 'schedule.requested', { time: format(status.up) });
  else text = t('schedule.none');

  return (
    <>
      <Alert
        type={status.kind === 'scheduled' ? 'success' : 'info'}
        showIcon
        data-testid="schedule-status"
        data-schedule={status.kind}
        title={text}
        style={{ marginBottom: 12 }}
        action={
          status.kind === 'scheduled' && canApprove ? (
            <Button size="small" onClick={() => void unschedule()} loading={busy} disabled={disabled}>
              {t('schedule.unschedule')}
            </Button>
          ) : undefined
        }
      />
      <Form.Item
        name="publish_up"
        label={t('fields.publishUp')}
        extra={<span data-testid="publish-time-zone">{t('fields.publishTimeZone', { zone: userTimeZone() })}</span>}
      >
        <DateTimeField kind="dateTime" data-testid="publish-up" />
      </Form.Item>
      <Form.Item
        name="publish_down"
        label={t('fields.publishDown')}
        dependencies={['publish_up']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, v: string) =>
              isPublishRangeValid(String(getFieldValue('publish_up') ?? ''), v ?? '')
                ? Promise.resolve()
                : Promise.reject(new Error(t('rules.publishDown'))),
          }),
        ]}
      >
        <DateTimeField kind="dateTime" data-testid="publish-down" />
      </Form.Item>
    </>
  );
}
