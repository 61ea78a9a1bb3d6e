import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react';
import { ensureStyles } from './styles';

ensureStyles();

/**
 * The shell's antd-free building blocks, for everything shown before sign-in (and the error
 * views, which can show before the signed-in layout has loaded antd). Styled like antd with the
 * Newsdesk theme (ui/styles.ts).
 */

/** Indeterminate spinner (decorative: the text next to it says what is happening). */
export function Spinner({ small = false }: { small?: boolean }) {
  return <span className={small ? 'nd-spinner nd-spinner-small' : 'nd-spinner'} aria-hidden="true" />;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  primary?: boolean;
  block?: boolean;
  loading?: boolean;
}

export function Button({ primary = false, block = false, loading = false, className, children, disabled, ...rest }: ButtonProps) {
  const classes = ['nd-button', primary && 'nd-button-primary', block && 'nd-button-block', className].filter(Boolean);
  return (
    <button type="button" {...rest} className={classes.join(' ')} disabled={disabled} aria-busy={loading || undefined}>
      {loading ? <Spinner small /> : null}
      <span>{children}</span>
    </button>
  );
}

function ErrorIcon() {
  return (
    <svg className="nd-alert-icon" viewBox="64 64 896 896" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm165.4 618.2l-66-.3L512 563.4l-99.3 118.4-66.1.3c-4.4 0-8-3.5-8-8 0-1.9.7-3.7 1.9-5.2l130.1-155L340.5 359a8.32 8.32 0 01-1.9-5.2c0-4.4 3.6-8 8-8l66.1.3L512 464.6l99.3-118.4 66-.3c4.4 0 8 3.5 8 8 0 1.9-.7 3.7-1.9 5.2L553.5 514l130 155c1.2 1.5 1.9 3.3 1.9 5.2 0 4.4-3.6 8-8 8z" />
    </svg>
  );
}

export interface AlertProps {
  /** 'danger' (antd type="error", with its icon) or 'warning'. */
  type: 'danger' | 'warning';
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** Full-width bar without border or radius (the insecure-connection banner). */
  banner?: boolean;
  role?: 'alert' | 'status';
  'data-testid'?: string;
  style?: CSSProperties;
}

export function Alert({ type, title, description, action, banner = false, role = 'alert', style, ...rest }: AlertProps) {
  const classes = ['nd-alert', `nd-alert-${type}`, banner && 'nd-alert-banner', description != null && 'nd-alert-with-description'];
  return (
    <div role={role} className={`nd-root ${classes.filter(Boolean).join(' ')}`} style={style} data-testid={rest['data-testid']}>
      {type === 'danger' ? <ErrorIcon /> : null}
      <div className="nd-alert-content">
        <div className="nd-alert-title">{title}</div>
        {description != null ? <div className="nd-alert-description">{description}</div> : null}
      </div>
      {action ? <div className="nd-alert-action">{action}</div> : null}
    </div>
  );
}
