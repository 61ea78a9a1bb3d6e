import PlayCircleOutlined from '@ant-design/icons/es/icons/PlayCircleOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useLocation, useNavigate } from 'react-router-dom';
import { toast, errorMessage } from 'shared';
import { deleteImporter, setImporterEnabled } from '../api/importersApi';
import type { ImporterListState } from '../hooks/useImporterList';
import { NS } from '../i18n';
import type { Importer } from '../model/importer';
import { importListIntent } from '../model/run';
import { ImporterTable, type RowAction } from './ImporterTable';
import { RunModal } from './RunModal';

export const NEW_PATH = '/import/new';

/**
 * Spec section 4: Confirm {action}; on submit the action runs, the message shows, the list reloads, the
 * modal closes. Returns the action and the modal's holder (rendered by the caller).
 */
function useConfirmedRowAction(refresh: () => void): [(importer: Importer, action: RowAction) => void, ReactNode] {
  const { t } = useTranslation(NS);
  const [modal, holder] = Modal.useModal();
  const confirm = (importer: Importer, action: RowAction) => {
    const actionLabel = t(`list.confirm.actions.${action}`);
    void modal.confirm({
      title: t('list.confirm.title', { action: actionLabel }),
      content: t(`list.confirm.body.${action}`, { title: importer.title }),
      okText: t('list.confirm.ok'),
      cancelText: t('list.confirm.cancel'),
      okButtonProps: action === 'delete' ? { danger: true } : undefined,
      onOk: async () => {
        try {
          if (action === 'delete') await deleteImporter(importer.id);
          else await setImporterEnabled(importer.id, action === 'enable');
          toast.success(t(`list.done.${action}`));
          refresh();
        } catch (error) {
          toast.error(errorMessage(error));
        }
      },
    });
  };
  return [confirm, holder];
}

/** Heading with New and Run, the table of scheduled imports, the confirm modal and the run modal. */
export function ImporterListView({ list }: { list: ImporterListState }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const newHref = useHref(NEW_PATH);
  const [confirmAction, modalHolder] = useConfirmedRowAction(list.refresh);
  const location = useLocation();
  // Arriving from "Save and simulate": the run modal opens on the saved import and simulates it at once.
  const [arrival] = useState(() => importListIntent(location.state));
  const [run, setRun] = useState<{ open: boolean; single: { id: number; title: string } | null; simulate?: boolean }>(() =>
    arrival.simulate ? { open: true, single: arrival.simulate, simulate: true } : { open: false, single: null },
  );

  return (
    <Flex vertical gap={12}>
      {modalHolder}
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('list.heading')}
        </Typography.Title>
        <Flex gap={8}>
          <Button icon={<PlayCircleOutlined />} onClick={() => setRun({ open: true, single: null })}>
            {t('list.run')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            href={newHref}
            onClick={(event) => {
              event.preventDefault();
              navigate(NEW_PATH);
            }}
          >
            {t('list.new')}
          </Button>
        </Flex>
      </Flex>
      {list.error && <Alert type="error" showIcon title={list.error} />}
      <ImporterTable
        importers={list.importers}
        loading={list.busy}
        onRefresh={list.refresh}
        onAction={confirmAction}
        onRun={(importer) => setRun({ open: true, single: { id: importer.id, title: importer.title } })}
      />
      {run.open && (
        <RunModal
          open
          single={run.single}
          simulateAtOnce={run.simulate}
          onClose={() => {
            setRun({ open: false, single: null });
            // The intent is spent: a reload or Back to this entry does not simulate again.
            if (arrival.simulate) void navigate('.', { replace: true, state: null });
          }}
          onRan={list.refresh}
        />
      )}
    </Flex>
  );
}
