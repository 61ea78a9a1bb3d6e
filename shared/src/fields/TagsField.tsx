// Tags (spec section 5): a text box with Add (Enter adds too) and a removable list. POST /api/tag
// creates a new tag; empty text and a tag already present (same id) are ignored; a failed call is
// an error toast. antd Form.Item-compatible: `value` / `onChange` with the list of tags.
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
// Through the package name: the one kernel instance (HTTP client, loading counter, toasts).
import { createTag, SHARED_NAMESPACE, toast, type Tag } from 'shared';
import { RemovableChips } from './RemovableChips';

export interface TagsFieldProps {
  value?: Tag[];
  onChange?(tags: Tag[]): void;
  disabled?: boolean;
  'data-testid'?: string;
}

export function TagsField({ value = [], onChange, disabled = false, 'data-testid': testId }: TagsFieldProps) {
  const { t } = useTranslation(SHARED_NAMESPACE, { keyPrefix: 'fields' });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const add = async () => {
    const typed = text.trim();
    if (typed === '' || busy) return;
    setBusy(true);
    try {
      const tag = await createTag(typed);
      if (tag && !value.some((known) => known.id === tag.id)) onChange?.([...value, tag]);
      setText('');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
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
      <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
        <Input
          aria-label={t('tags')}
          placeholder={t('tagPlaceholder')}
          value={text}
          maxLength={100}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={(event) => {
            // Enter must not submit the form around the field.
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
