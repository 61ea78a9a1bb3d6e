// Tags (spec section 5): a text box with Add (Enter adds too) and a removable list. POST /api/tag
// creates a new tag; empty text and a tag already present (same id) are ignored; a failed call is
// an error toast. antd Form.Item-compatible: `value` / `onChange` with the list of tags.
import Flex from 'antd/es/flex';
import { useTranslation } from 'react-i18next';
// Through the package name: the one kernel instance (HTTP client, loading counter).
import { createTag, SHARED_NAMESPACE, type Tag } from 'shared';
import { TAG_LIMITS } from 'contracts/rules/field-limits';
import { AddByTextRow } from './AddByTextRow';
import { RemovableChips } from './RemovableChips';
import { useAddByText } from './useAddByText';

export interface TagsFieldProps {
  value?: Tag[];
  onChange?(tags: Tag[]): void;
  disabled?: boolean;
  'data-testid'?: string;
}

export function TagsField({ value = [], onChange, disabled = false, 'data-testid': testId }: TagsFieldProps) {
  const { t } = useTranslation(SHARED_NAMESPACE, { keyPrefix: 'fields' });
  const adder = useAddByText();

  const add = async () => {
    const typed = adder.text.trim();
    if (typed === '' || adder.busy) return;
    await adder.run(async () => {
      const tag = await createTag(typed);
      if (tag && !value.some((known) => known.id === tag.id)) onChange?.([...value, tag]);
      adder.setText('');
    });
  };

  return (
    <Flex vertical gap={8} data-testid={testId}>
      <RemovableChips
        items={value}
        onChange={onChange}
        disabled={disabled}
        removeLabel={(tag) => t('removeTag', { title: tag.title })}
        renderItem={(tag) => tag.title}
        data-testid="tag-list"
      />
      <AddByTextRow
        adder={adder}
        onAdd={add}
        disabled={disabled}
        inputLabel={t('tags')}
        placeholder={t('tagPlaceholder')}
        addLabel={t('addTag')}
        maxLength={TAG_LIMITS.title.max}
        maxWidth={480}
      />
    </Flex>
  );
}
