import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { ImageUploadButton } from 'shared/fields';
import { useImporterOptions, type FieldRule } from '../hooks/useImporterFormFields';
import { NS } from '../i18n';
import { MAX_LENGTHS, type ImageRef, type ImporterFormValues } from '../model/form';

interface FieldProps<T> {
  value?: T;
  onChange?: (value: T) => void;
  id?: string;
}

/** One image (POST /api/image, one file at a time), sent with the caption typed beside it. */
function ImageField({ value, onChange }: FieldProps<ImageRef | null>) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const form = Form.useFormInstance<ImporterFormValues>();
  return (
    <Flex gap={8} align="center">
      {value && (
        <Flex vertical gap={4} align="center">
          <img src={value.file_thumbnail} alt={t('fields.image')} style={{ maxHeight: 80, maxWidth: 140, objectFit: 'contain' }} />
          <Button size="small" onClick={() => onChange?.(null)}>
            {t('remove', { name: t('fields.image') })}
          </Button>
        </Flex>
      )}
      <ImageUploadButton
        caption={() => String(form.getFieldValue('imageCaption') ?? '')}
        onUploaded={(image) => onChange?.({ id: image.id, file_thumbnail: image.file_thumbnail, url: image.url })}
        label={t('upload')}
      />
    </Flex>
  );
}

/** The main image's source, and for any source but none: the import's own image and its caption. */
export function ImporterImageFields({ showImage, rule }: { showImage: boolean; rule: FieldRule }) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const { options } = useImporterOptions();
  return (
    <>
      <Form.Item name="imageSource" label={t('fields.imageSource')} style={{ maxWidth: 360 }}>
        <Select options={options('imageSource')} />
      </Form.Item>
      {showImage && (
        <Flex gap={16} wrap align="flex-start">
          <Form.Item name="image" label={t('fields.image')} rules={[rule('image')]}>
            <ImageField />
          </Form.Item>
          <Form.Item name="imageCaption" label={t('fields.imageCaption')} rules={[rule('imageCaption')]} style={{ flex: 1, minWidth: 260 }}>
            <Input.TextArea rows={2} maxLength={MAX_LENGTHS.imageCaption} />
          </Form.Item>
        </Flex>
      )}
    </>
  );
}
