// The "add by text" row of an editor list field (tags, ads): one input and an add button; Enter
// adds too. The text and busy state come from the field's useAddByText; the field decides what
// adding means.
import Button from 'antd/es/button';
import Input, { type InputProps } from 'antd/es/input';
import Space from 'antd/es/space';
import type { AddByText } from './useAddByText';

export interface AddByTextRowProps {
  adder: Pick<AddByText, 'text' | 'setText' | 'busy'>;
  onAdd(): Promise<void>;
  disabled?: boolean;
  /** Accessible name of the input. */
  inputLabel: string;
  placeholder: string;
  /** Text of the add button (its accessible name). */
  addLabel: string;
  maxLength?: number;
  inputMode?: InputProps['inputMode'];
  /** The row's widest (px); the full width when not given. */
  maxWidth?: number;
}

export function AddByTextRow({
  adder,
  onAdd,
  disabled = false,
  inputLabel,
  placeholder,
  addLabel,
  maxLength,
  inputMode,
  maxWidth,
}: AddByTextRowProps) {
  return (
    <Space.Compact style={{ width: '100%', maxWidth }}>
      <Input
        aria-label={inputLabel}
        placeholder={placeholder}
        inputMode={inputMode}
        value={adder.text}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(event) => adder.setText(event.target.value)}
        onPressEnter={(event) => {
          // Enter must not submit the form around the field.
          event.preventDefault();
          void onAdd();
        }}
      />
      <Button onClick={() => void onAdd()} loading={adder.busy} disabled={disabled}>
        {addLabel}
      </Button>
    </Space.Compact>
  );
}
