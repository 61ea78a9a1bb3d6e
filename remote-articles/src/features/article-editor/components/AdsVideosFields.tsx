// Ads by numeric id (fetched only when not already on the article) and videos (the response
// must carry an id, else "Invalid response"); spec section 5.
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'shared';
import { addVideo, fetchAd } from '../api/editorApi';
import { EDITOR_PREFIX, NS } from '../i18n';
import { adNeedsFetch, addById, parseAdId } from '../model/collections';
import { LIMITS } from '../model/validation';
import type { Ad, Video } from '../model/types';
import { AddByTextRow, RemovableChips, useAddByText } from 'shared/fields';

export function AdsField({ value = [], onChange, disabled = false }: { value?: Ad[]; onChange?(ads: Ad[]): void; disabled?: boolean }) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const adder = useAddByText();

  const add = async () => {
    if (adder.busy || adder.text.trim() === '') return;
    const id = parseAdId(adder.text);
    if (id === null) {
      toast.error(t('messages.adNotNumeric'));
      return;
    }
    if (!adNeedsFetch(value, id)) {
      adder.setText('');
      return;
    }
    await adder.run(async () => {
      const ad = await fetchAd(id);
      onChange?.(addById(value, { ...ad, id: Number(ad.id) }));
      adder.setText('');
    });
  };

  return (
    <Flex vertical gap={8} data-testid="editor-ads">
      <RemovableChips
        items={value}
        onChange={onChange}
        disabled={disabled}
        removeLabel={(ad) => t('fields.removeAd', { id: ad.id })}
        renderItem={(ad) => `#${ad.id} ${ad.subject}`}
      />
      <AddByTextRow
        adder={adder}
        onAdd={add}
        disabled={disabled}
        inputLabel={t('fields.adId')}
        placeholder={t('fields.adId')}
        addLabel={t('fields.addAd')}
        inputMode="numeric"
      />
    </Flex>
  );
}

export function VideosField({
  value = [],
  onChange,
  disabled = false,
}: {
  value?: Video[];
  onChange?(videos: Video[]): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  // The typed video id is what the add needs; the title beside it is optional.
  const { text: videoId, setText: setVideoId, busy, run } = useAddByText();
  const [title, setTitle] = useState('');

  const add = async () => {
    if (busy || videoId.trim() === '') return;
    await run(async () => {
      const video = await addVideo(videoId.trim(), title.trim(), t('messages.invalidResponse'));
      onChange?.(addById(value, video));
      setVideoId('');
      setTitle('');
    });
  };

  return (
    <Flex vertical gap={8} data-testid="editor-videos">
      <RemovableChips
        items={value}
        onChange={onChange}
        disabled={disabled}
        removeLabel={(video) => t('fields.removeVideo', { title: video.title || video.videoId })}
        renderItem={(video) => video.title || video.videoId}
      />
      <Flex gap={8}>
        <Input
          aria-label={t('fields.videoId')}
          placeholder={t('fields.videoId')}
          value={videoId}
          disabled={disabled}
          onChange={(event) => setVideoId(event.target.value)}
        />
        <Input
          aria-label={t('fields.videoTitle')}
          placeholder={t('fields.videoTitle')}
          value={title}
          maxLength={LIMITS.videoTitle.max}
          disabled={disabled}
          onChange={(event) => setTitle(event.target.value)}
        />
        <Button onClick={() => void add()} loading={busy} disabled={disabled || videoId.trim() === ''}>
          {t('fields.addVideo')}
        </Button>
      </Flex>
    </Flex>
  );
}
