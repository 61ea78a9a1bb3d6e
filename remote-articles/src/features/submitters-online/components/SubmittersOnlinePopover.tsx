import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Popover from 'antd/es/popover';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from 'shared';
import { fetchOnlineSubmitters, type OnlineSubmitter } from '../api/onlineApi';
import { NS, SUBMITTERS_PREFIX } from '../i18n';
import { byName, lastSeenText } from '../model/lastSeen';

type Load = { status: 'idle' | 'loading' } | { status: 'done'; list: OnlineSubmitter[] } | { status: 'failed'; message: string };

/**
 * "Logged In submitters" (spec section 2; shown by the caller with edit_all_articles): a button whose
 * popover lists who is signed in now, loaded each time it opens (the list is live data).
 */
export function SubmittersOnlinePopover() {
  const { t, i18n } = useTranslation(NS, { keyPrefix: SUBMITTERS_PREFIX });
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setLoad({ status: 'loading' });
    fetchOnlineSubmitters(abort.signal).then(
      (list) => !abort.signal.aborted && setLoad({ status: 'done', list: byName(list) }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const message = errorMessage(error);
        setLoad({ status: 'failed', message });
      },
    );
  }, []);

  useEffect(() => () => controller.current?.abort(), []);

  const now = new Date();
  const content = (
    <div style={{ minWidth: 240, maxWidth: 320 }} data-testid="submitters-online-list">
      {load.status === 'loading' && (
        <Spin size="small" description={t('loading')}>
          <div style={{ height: 32 }} />
        </Spin>
      )}
      {load.status === 'failed' && <Alert type="error" showIcon title={load.message} />}
      {load.status === 'done' && load.list.length === 0 && <Typography.Text type="secondary">{t('none')}</Typography.Text>}
      {load.status === 'done' && load.list.length > 0 && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {load.list.map((submitter) => (
            <li key={submitter.id} style={{ padding: '4px 0' }} data-submitter={submitter.username}>
              <Typography.Text strong>{submitter.name}</Typography.Text>{' '}
              <Typography.Text type="secondary">({submitter.username})</Typography.Text>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('lastSeen', { when: lastSeenText(submitter.lastSeen, now, i18n.language) })}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) reload();
      }}
      title={
        <Flex justify="space-between" align="center" gap={8}>
          {t('heading')}
          <Button size="small" type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} title={t('refresh')} onClick={reload} />
        </Flex>
      }
      content={content}
      placement="bottomLeft"
    >
      <Button size="small" icon={<TeamOutlined />} data-testid="submitters-online">
        {t('button')}
      </Button>
    </Popover>
  );
}
