import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportRun } from '../hooks/useImportRun';
import { NS } from '../i18n';
import { RUN_BUTTONS, type RunItem, type RunTarget } from '../model/run';
import { RunPreview } from './RunPreview';
import { RunResults } from './RunResults';

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

/** The single import's button and one per group; the group "all" is primary unless opened for one import. */
function RunButtons({ single, disabled, onRun }: { single: Props['single']; disabled: boolean; onRun(target: RunTarget): void }) {
  const { t } = useTranslation(NS);
  return (
    <Flex gap={8} wrap>
      {single && (
        // A long import name is ellipsised inside the button (full text on hover), not pushing the modal wide.
        <Button
          type="primary"
          disabled={disabled}
          onClick={() => onRun({ kind: 'single', id: single.id })}
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
          disabled={disabled}
          onClick={() => onRun({ kind: 'group', group: button.group })}
        >
          {t(`run.buttons.${button.key}`)}
        </Button>
      ))}
    </Flex>
  );
}

/** Spec "Manually Run Import": a large modal with the simulation checkbox, the run buttons, progress and the results. */
export function RunModal({ open, single, onClose, onRan, simulateAtOnce = false }: Props) {
  const { t } = useTranslation(NS);
  const [simulate, setSimulate] = useState(simulateAtOnce);
  const [preview, setPreview] = useState<RunItem | null>(null);
  const run = useImportRun({
    onRan,
    ...(simulateAtOnce && single ? { startAtOnce: { kind: 'single', id: single.id } as const } : {}),
  });
  const { state, running } = run;

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
        <RunButtons single={single} disabled={running} onRun={(target) => void run.start(target, simulate)} />
        {running && (
          <div role="status" aria-live="polite" data-testid="run-progress">
            <Progress percent={100} status="active" showInfo={false} />
            <Typography.Text>{t('run.running', { seconds: run.seconds })}</Typography.Text>
          </div>
        )}
        {state.status === 'results' && <RunResults result={state.result} onComplete={run.complete} onPreview={setPreview} />}
      </Flex>
      <RunPreview item={preview} onClose={() => setPreview(null)} />
    </Modal>
  );
}
