import { PREVIEW_IMAGE_MAX_HEIGHT_PX } from 'contracts/rules/constants';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { previewDocument, type RunItem } from '../model/run';

interface Props {
  item: RunItem | null;
  onClose(): void;
}

/** The preview of one imported (or would-be) article: its Intro, then its Text, as they will be stored. */
export function RunPreview({ item, onClose }: Props) {
  const { t } = useTranslation(NS);
  return (
    <Modal open={item !== null} title={item?.title} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {item && (
        // The server sanitised the HTML; a sandboxed frame (no scripts, no same origin) keeps it isolated anyway.
        <iframe
          title={t('run.preview')}
          sandbox=""
          srcDoc={previewDocument(item, { intro: t('run.previewIntro'), text: t('run.previewText') }, PREVIEW_IMAGE_MAX_HEIGHT_PX)}
          style={{ width: '100%', height: 360, border: 0 }}
        />
      )}
    </Modal>
  );
}
