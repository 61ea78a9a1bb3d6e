import { Input } from 'antd';

interface CurrentPasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The input's width limit in px (full width without). */
  maxWidth?: number;
}

/** The current password as a proof (removing a factor): a labelled password input the browser may fill. */
export function CurrentPasswordField({ id, label, value, onChange, maxWidth }: CurrentPasswordFieldProps) {
  return (
    <div style={{ marginBottom: 12 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </label>
      <Input.Password
        id={id}
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        style={maxWidth ? { maxWidth } : undefined}
      />
    </div>
  );
}
