// Ads by numeric id (fetched only when not already on the article) and videos (the response
// must carry an id, else "Invalid response"); spec section 5.
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'shared';
import { addVideo, fetchAd } from '../api/editorApi';
import { EDITOR_PREFIX, NS } from '../i18n';
import { adNeedsFetch, addById, parseAdId } from '../model/collections';
import { LIMITS } from '../model/validation';
import type { Ad, Video } from '../model/types';
import { RemovableChips } from './RemovableChips';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function AdsField({ value = [], onChange, disabled = false }: { value?: Ad[]; onChange?(ads: Ad[]): void; disabled?: boolean }) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const add = async () => {
    if (busy || text.trim() === '') return;
    const id = parseAdId(text);
    if (id === null) {
      toast.error(t('messages.adNotNumeric'));
      return;
    }
    if (!adNeedsFetch(value, id)) {
      setText('');
      return;
    }
    setBusy(true);
    try {
      const ad = await fetchAd(id);
      onChange?.(addById(value, { ...ad, id: Number(ad.id) }));
      setText('');
    } catch (error) {
      toast.error(message(error));
    } finally {
      setBusy(false);
    }
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
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('fields.adId')}
          placeholder={t('fields.adId')}
          inputMode="numeric"
          value={text}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            void add();
          }}
        />
        <Button onClick={() => void add()} loading={busy} disabled={disabled}>
          {t('fields.addAd')}
        </Button>
      </Space.Compact>
    </Flex>
  );
}

export function VideosField({ value = [], onChange, disabled = false }: { value?: Video[]; onChange?(videos: Video[]): void; disabled?: boolean }) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const [videoId, setVideoId] = useState('');
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);

  const add = async () => {
    if (busy || videoId.trim() === '') return;
    setBusy(true);
    try {
      const video = await addVideo(videoId.trim(), title.trim(), t('messages.invalidResponse'));
      onChange?.(addById(value, video));
      setVideoId('');
      setTitle('');
    } catch (error) {
      toast.error(message(error));
    } finally {
      setBusy(false);
    }
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
        <Input aria-label={t('fields.videoId')} placeholder={t('fields.videoId')} value={videoId} disabled={disabled} onChange={(event) => setVideoId(event.target.value)} />
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
