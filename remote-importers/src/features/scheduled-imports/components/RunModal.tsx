import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordedErrorText, toast, errorMessage } from 'shared';
import { runImport } from '../api/importersApi';
import { NS } from '../i18n';
import { formatOption } from '../model/options';
import { elapsedSeconds, IDLE, RUN_BUTTONS, runReducer, totals, type RunItem, type RunTarget } from '../model/run';
import { RunFailures } from './RunFailures';
import { RunPreview } from './RunPreview';

interface Props {
  open: boolean;
  /** Set when opened from a row's single-run button. */
  single: { id: number; title: string } | null;
  onClose(): void;
  /** After a real run (the list reloads: last runs changed). */
  onRan(): void;
  /** Opened by "Save and simulate": the single import's simulated run starts when the modal opens. */
  simulateAtOnce?: boolean;
}

/** Spec "Manually Run Import": a large modal with the simulation checkbox, the run buttons, progress and the results. */
export function RunModal({ open, single, onClose, onRan, simulateAtOnce = false }: Props) {
  const { t } = useTranslation(NS);
  const [state, dispatch] = useReducer(runReducer, IDLE);
  const [simulate, setSimulate] = useState(simulateAtOnce);
  const [preview, setPreview] = useState<RunItem | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const running = state.status === 'running';
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [running]);

  const start = async (target: RunTarget, simulated = simulate) => {
    if (running) return;
    const startedAt = Date.now();
    setNow(startedAt);
    dispatch({ type: 'start', target, simulate: simulated, now: startedAt });
    try {
      const result = await runImport(target, simulated);
      if (!mounted.current) return;
      dispatch({ type: 'succeed', result });
      if (!simulated) onRan();
    } catch (error) {
      if (!mounted.current) return;
      dispatch({ type: 'fail' });
      // Spec section 8: the message as a toast ("An error stops running").
      toast.error(t('run.failed', { message: errorMessage(error) }));
    }
  };

  // "Save and simulate": once, when the modal opens (a ref, so a re-render or StrictMode's second effect does not run it twice).
  const simulatedAtOnce = useRef(false);
  useEffect(() => {
    if (!simulateAtOnce || !single || simulatedAtOnce.current) return;
    simulatedAtOnce.current = true;
    void start({ kind: 'single', id: single.id }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on opening only
  }, []);

  const result = state.status === 'results' ? state.result : null;
  const sum = result ? totals(result) : null;
  const stateLabel = (value: unknown) => formatOption('published', value, (key) => t(key));
  const columns: ColumnsType<RunItem> = [
    { key: 'id', dataIndex: 'id', title: t('run.columns.id'), width: 80 },
    // A long title is ellipsised, the full text on hover (antd's cell title): no sideways scroll.
    {
      key: 'title',
      dataIndex: 'title',
      title: t('run.columns.title'),
      ellipsis: true,
      // An item whose own image could not be imported says why under its title (the title keeps its hover text).
      render: (title: string, item) =>
        !item.image_error_code ? (
          title
        ) : (
          <>
            <span title={title}>{title}</span>
            <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="run-item-image-error">
              {t('run.imageMissing', {
                error: recordedErrorText({
                  error: item.image_error,
                  error_code: item.image_error_code,
                  error_params: item.image_error_params,
                }),
              })}
            </Typography.Text>
          </>
        ),
    },
    {
      key: 'created',
      dataIndex: 'created',
      title: t('run.columns.created'),
      width: 190,
      render: (value: string) => (value ? new Date(value).toLocaleString() : ''),
    },
    { key: 'state', dataIndex: 'state', title: t('run.columns.state'), width: 150, render: stateLabel },
    {
      key: 'action',
      width: 100,
      render: (_: unknown, item) => (
        <Button size="small" onClick={() => setPreview(item)}>
          {t('run.preview')}
        </Button>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('run.title')}
      width={1000}
      onCancel={running ? undefined : onClose}
      // One Close control (the footer button, spec section 2); Escape also closes when not running.
      closable={false}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button onClick={onClose} disabled={running}>
          {t('run.close')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Checkbox checked={simulate} disabled={running} onChange={(event) => setSimulate(event.target.checked)}>
          {t('run.simulation')}
        </Checkbox>
        <Flex gap={8} wrap>
          {single && (
            // A long import name is ellipsised inside the button (full text on hover), not pushing the modal wide.
            <Button
              type="primary"
              disabled={running}
              onClick={() => void start({ kind: 'single', id: single.id })}
              title={t('run.buttons.single', { title: single.title })}
              style={{ maxWidth: '100%' }}
            >
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {t('run.buttons.single', { title: single.title })}
              </span>
            </Button>
          )}
          {RUN_BUTTONS.map((button) => (
            <Button
              key={button.key}
              type={!single && button.group === -1 ? 'primary' : 'default'}
              disabled={running}
              onClick={() => void start({ kind: 'group', group: button.group })}
            >
              {t(`run.buttons.${button.key}`)}
            </Button>
          ))}
        </Flex>
        {running && (
          <div role="status" aria-live="polite" data-testid="run-progress">
            <Progress percent={100} status="active" showInfo={false} />
            <Typography.Text>{t('run.running', { seconds: elapsedSeconds(state, now) })}</Typography.Text>
          </div>
        )}
        {result && sum && (
          <Flex vertical gap={8} data-testid="run-results">
            <Flex gap={8} align="center" wrap>
              {result.simulate && (
                <Tag color="orange" data-testid="simulation-marker" title={t('run.markerHelp')}>
                  {t('run.marker')}
                </Tag>
              )}
              <Typography.Text>{t('run.summary', sum)}</Typography.Text>
              <Button size="small" onClick={() => dispatch({ type: 'complete' })} style={{ marginLeft: 'auto' }}>
                {t('run.complete')}
              </Button>
            </Flex>
            {result.importers
              .filter((outcome) => outcome.status === 'error')
              .map((outcome) => (
                <Alert
                  key={outcome.id}
                  type="error"
                  showIcon
                  title={t('run.importerError', { title: outcome.title, error: recordedErrorText(outcome) })}
                />
              ))}
            <RunFailures result={result} />
            <Table<RunItem>
              size="small"
              rowKey={(item) => `${item.importer_id}-${item.id}-${item.url ?? item.title}`}
              columns={columns}
              dataSource={result.items}
              pagination={result.items.length > 20 ? { pageSize: 20 } : false}
              locale={{ emptyText: t('run.noItems') }}
            />
          </Flex>
        )}
      </Flex>
      <RunPreview item={preview} onClose={() => setPreview(null)} />
    </Modal>
  );
}
