// Images with captions and the select-image upload (spec section 2 "Article edit form"). The
// first image is the main one until another is chosen. The upload (one file, with the caption) is
// shared's ImageUploadButton.
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadedImage } from 'shared';
import { ImageUploadButton } from 'shared/fields';
import { EDITOR_PREFIX, NS } from '../i18n';
import { addById, removeById } from '../model/collections';
import { effectiveMainImage, fromUpload, setCaption } from '../model/images';
import type { ArticleImage } from '../model/types';
import { LIMITS } from '../model/validation';

interface Props {
  value?: ArticleImage[];
  onChange?(images: ArticleImage[]): void;
  mainImage: number | null;
  onMainImageChange(id: number | null): void;
  disabled?: boolean;
}

export function ImagesField({ value = [], onChange, mainImage, onMainImageChange, disabled = false }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const [caption, setCaptionText] = useState('');
  const main = effectiveMainImage(value, mainImage);

  const uploaded = (upload: UploadedImage) => {
    const image = fromUpload(upload);
    onChange?.(addById(value, image));
    if (main === null) onMainImageChange(image.id);
    setCaptionText('');
  };

  return (
    <Flex vertical gap={8} data-testid="editor-images">
      {value.length === 0 && <Typography.Text type="secondary">{t('fields.noImages')}</Typography.Text>}
      <Radio.Group
        value={main}
        onChange={(event) => onMainImageChange(Number(event.target.value))}
        disabled={disabled}
        style={{ width: '100%' }}
      >
        <Flex vertical gap={8}>
          {value.map((image) => (
            <Flex key={image.id} gap={8} align="center" data-testid={`editor-image-${image.id}`}>
              <img
                src={image.thumb_url || image.url}
                alt={image.description || image.file_name}
                style={{ width: 64, height: 48, objectFit: 'cover', borderRadius: 4 }}
              />
              <Input
                aria-label={`${t('fields.caption')} ${image.file_name}`}
                value={image.description}
                maxLength={LIMITS.caption.max}
                disabled={disabled}
                onChange={(event) => onChange?.(setCaption(value, image.id, event.target.value))}
              />
              <Radio value={image.id} aria-label={t('fields.makeMain')}>
                {t('fields.mainImage')}
              </Radio>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('fields.removeImage')}
                disabled={disabled}
                onClick={() => {
                  const next = removeById(value, image.id);
                  onChange?.(next);
                  if (main === image.id) onMainImageChange(effectiveMainImage(next, null));
                }}
              />
            </Flex>
          ))}
        </Flex>
      </Radio.Group>
      <Flex gap={8} align="center">
        <Input
          aria-label={t('fields.caption')}
          placeholder={t('fields.caption')}
          value={caption}
          maxLength={LIMITS.caption.max}
          disabled={disabled}
          onChange={(event) => setCaptionText(event.target.value)}
        />
        <ImageUploadButton
          caption={caption}
          onUploaded={uploaded}
          label={t('fields.selectImage')}
          disabled={disabled}
          data-testid="select-image"
        />
      </Flex>
    </Flex>
  );
}
