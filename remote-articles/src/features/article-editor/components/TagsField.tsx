// Tags: add by text (POST /api/tag creates a new one), ignore empty text and tags already there,
// remove (spec section 5).
import Flex from 'antd/es/flex';
import { useTranslation } from 'react-i18next';
import { addTag } from '../api/editorApi';
import { useAddByText } from '../hooks/useAddByText';
import { EDITOR_PREFIX, NS } from '../i18n';
import { addById, tagValue } from '../model/collections';
import type { Tag as TagRecord } from '../model/types';
import { AddByTextRow } from './AddByTextRow';
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
  const adder = useAddByText();

  const add = async () => {
    const typed = tagValue(adder.text);
    if (typed === null || adder.busy) return;
    await adder.run(async () => {
      const found = pick(await addTag(typed), typed);
      if (found) onChange?.(addById(value, { id: Number(found.id), title: found.title }));
      adder.setText('');
    });
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
      <AddByTextRow
        adder={adder}
        onAdd={add}
        disabled={disabled}
        inputLabel={t('tags')}
        placeholder={t('tagPlaceholder')}
        addLabel={t('addTag')}
        maxLength={100}
      />
    </Flex>
  );
}
