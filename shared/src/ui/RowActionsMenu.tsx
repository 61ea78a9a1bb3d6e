import MoreOutlined from '@ant-design/icons/es/icons/MoreOutlined';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import { useCallback, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';

/** Below antd's md breakpoint (768 px) a row's actions go into its menu. */
export const ROW_ACTIONS_COMPACT_BELOW = 768;

/** Whether the viewport is narrower than `width` px, following resizes. */
export function useViewportBelow(width: number): boolean {
  const query = `(max-width: ${width - 0.02}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

interface Props {
  /** Accessible name and tooltip of the menu button, e.g. "Actions for article 12". */
  label: string;
  /** The row's action controls, shown in the row on a wide screen and in the menu on a narrow one. */
  children: ReactNode;
  /** Viewport width (px) below which the actions go into the menu. */
  compactBelow?: number;
  testId?: string;
}

/** Clicks and keys inside stay here: a row that opens on click must not open from its actions. */
const keepInside = (event: SyntheticEvent) => event.stopPropagation();

/**
 * A table row's actions: as they are on a wide screen; on a narrow one a "⋮" button that opens them
 * in a panel next to it (in the page's tab order right after the button, the first action focused;
 * Escape closes it and returns to the button), so the row keeps its width.
 */
export function RowActionsMenu({ label, children, compactBelow = ROW_ACTIONS_COMPACT_BELOW, testId = 'row-actions-menu' }: Props) {
  const compact = useViewportBelow(compactBelow);
  const [open, setOpen] = useState(false);
  const holder = useRef<HTMLSpanElement>(null);
  if (!compact) return <>{children}</>;

  // Captured: the actions themselves may keep their keys from bubbling.
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    holder.current?.querySelector<HTMLElement>(`[data-testid="${testId}"]`)?.focus();
  };
  const focusFirst = (opened: boolean) => {
    if (opened) holder.current?.querySelector<HTMLElement>('[data-row-actions-panel] button:not(:disabled)')?.focus();
  };

  return (
    <span ref={holder} onClick={keepInside} onKeyDown={keepInside} onKeyDownCapture={onEscape} style={{ display: 'inline-flex' }}>
      <Popover
        open={open}
        onOpenChange={setOpen}
        afterOpenChange={focusFirst}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        destroyOnHidden
        getPopupContainer={() => holder.current ?? document.body}
        content={
          <span data-row-actions-panel="" style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
            {children}
          </span>
        }
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={label}
          title={label}
          aria-expanded={open}
          data-testid={testId}
        />
      </Popover>
    </span>
  );
}
