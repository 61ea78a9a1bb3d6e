// Tags: add by text (POST /api/tag creates a new one), ignore empty text and tags already there,
// remove (spec section 5).
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'shared';
import { addTag } from '../api/editorApi';
import { EDITOR_PREFIX, NS } from '../i18n';
import { addById, tagValue } from '../model/collections';
import type { Tag as TagRecord } from '../model/types';
import { RemovableChips } from './RemovableChips';

interface Props {
  value?: TagRecord[];
  onChange?(tags: TagRecord[]): void;
  disabled?: boolean;
}

/** The returned tag that matches the typed text (the call may return more than one). */
function pick(tags: readonly TagRecord[], text: string): TagRecord | undefined {
  const lower = text.toLowerCase();
  return tags.find((tag) => tag.title.toLowerCase() === lower) ?? tags[0];
}

export function TagsField({ value = [], onChange, disabled = false }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: `${EDITOR_PREFIX}.fields` });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const add = async () => {
    const typed = tagValue(text);
    if (typed === null || busy) return;
    setBusy(true);
    try {
      const found = pick(await addTag(typed), typed);
      if (found) onChange?.(addById(value, { id: Number(found.id), title: found.title }));
      setText('');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={8} data-testid="editor-tags">
      <RemovableChips
        items={value}
        onChange={onChange}
        disabled={disabled}
        removeLabel={(tag) => t('removeTag', { title: tag.title })}
        renderItem={(tag) => tag.title}
      />
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('tags')}
          placeholder={t('tagPlaceholder')}
          value={text}
          maxLength={100}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            void add();
          }}
        />
        <Button onClick={() => void add()} loading={busy} disabled={disabled}>
          {t('addTag')}
        </Button>
      </Space.Compact>
    </Flex>
  );
}
