// The chips of an editor list field (tags, authors, ads, videos): one antd Tag per item, each with
// a × whose accessible name says what it removes; removing is off while the field is disabled.
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';

export interface WithId {
  id: number;
}

export interface RemovableChipsProps<T extends WithId> {
  items: readonly T[];
  /** Called with the list without the removed item. */
  onChange?(items: T[]): void;
  disabled?: boolean;
  /** Accessible name of an item's remove button, e.g. "Remove tag Sports". */
  removeLabel(item: T): string;
  /** What the chip shows. */
  renderItem(item: T): ReactNode;
  'data-testid'?: string;
}

export function RemovableChips<T extends WithId>({
  items,
  onChange,
  disabled = false,
  removeLabel,
  renderItem,
  'data-testid': testId,
}: RemovableChipsProps<T>) {
  return (
    <Flex wrap gap={4} data-testid={testId}>
      {items.map((item) => (
        <Tag
          key={item.id}
          closable={!disabled}
          onClose={(event) => {
            // antd would hide the chip itself; the list (the field's value) decides what shows.
            event.preventDefault();
            onChange?.(items.filter((other) => other.id !== item.id));
          }}
          closeIcon={<span aria-label={removeLabel(item)}>×</span>}
        >
          {renderItem(item)}
        </Tag>
      ))}
    </Flex>
  );
}
