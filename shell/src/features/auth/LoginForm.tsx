import type { LoginBody } from 'contracts/schemas/session';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NS } from '../../i18n/i18n';
import { Alert, Button, Spinner } from '../../ui';

/** The sign-in form's values: the login body's username and password, and the remember box. */
export type LoginValues = Pick<LoginBody, 'username' | 'password'> & { remember: boolean };

export interface LoginFormProps {
  onSubmit: (values: LoginValues) => void;
  /** A login is running or the session is 'temporary': the loading view replaces the form. */
  busy: boolean;
  /** The session's error message (danger alert), or null. */
  error: string | null;
  /** The user edits the form (the shell clears the error then). */
  onEdit?: () => void;
  /** Why the user is here, e.g. their session ended elsewhere (a warning above the form); the error wins. */
  notice?: string | null;
}

type FieldErrors = Partial<Record<'username' | 'password', string>>;

/**
 * The login box (spec section 2 "Login screen"): username and password (both required), a
 * Remember Me checkbox, a Log in button, a danger alert with the error; a loading view replaces
 * the form while busy. The form stays mounted (hidden) meanwhile, so what was typed survives a
 * failed attempt.
 *
 * Plain React and CSS (no antd): /login must not download antd (docs/ARCHITECTURE.md), styled
 * with the same tokens as antd's Form/Input/Checkbox/Button/Alert.
 */
export function LoginForm({ onSubmit, busy, error, onEdit, notice = null }: LoginFormProps) {
  const { t } = useTranslation(SHELL_NS);
  const id = useId();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', remember: false });
  /** After the first submit the fields are checked on every change (like antd's Form). */
  const [submitted, setSubmitted] = useState(false);

  const validate = (v: LoginValues): FieldErrors => ({
    ...(v.username.trim() === '' ? { username: t('login.usernameRequired') } : {}),
    ...(v.password === '' ? { password: t('login.passwordRequired') } : {}),
  });
  const errors: FieldErrors = submitted ? validate(values) : {};

  const change = (patch: Partial<LoginValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    onEdit?.();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    if (found.username || found.password) {
      document.getElementById(`${id}-${found.username ? 'username' : 'password'}`)?.focus();
      return;
    }
    onSubmit({ ...values });
  };

  const field = (name: 'username' | 'password', type: 'text' | 'password', autoComplete: string) => {
    const inputId = `${id}-${name}`;
    const message = errors[name];
    return (
      <div className="nd-field">
        <label className="nd-label" htmlFor={inputId}>
          {t(`login.${name}`)}
        </label>
        <input
          id={inputId}
          className="nd-input"
          type={type}
          name={name}
          autoComplete={autoComplete}
          autoFocus={name === 'username'}
          value={values[name]}
          onChange={(event) => change({ [name]: event.target.value })}
          aria-required="true"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : undefined}
        />
        <div className="nd-explain" id={`${inputId}-error`} aria-live="polite">
          {message ?? null}
        </div>
      </div>
    );
  };

  return (
    <div className="nd-root">
      {error ? <Alert type="danger" title={error} style={{ marginBottom: 16 }} data-testid="login-error" /> : null}
      {!error && notice ? (
        <Alert type="warning" role="status" title={notice} style={{ marginBottom: 16 }} data-testid="login-notice" />
      ) : null}
      {busy ? (
        <div
          role="status"
          aria-live="polite"
          data-testid="login-loading"
          style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, padding: '32px 0' }}
        >
          <Spinner />
          <span>{t('loading')}</span>
        </div>
      ) : null}
      <form name="login" noValidate onSubmit={submit} style={busy ? { display: 'none' } : undefined} aria-hidden={busy || undefined}>
        {field('username', 'text', 'username')}
        {field('password', 'password', 'current-password')}
        <div style={{ marginBottom: 16 }}>
          <label className="nd-check">
            <input
              type="checkbox"
              name="remember"
              checked={values.remember}
              onChange={(event) => change({ remember: event.target.checked })}
            />
            <span>{t('login.remember')}</span>
          </label>
        </div>
        <Button primary block type="submit" disabled={busy}>
          {t('login.submit')}
        </Button>
      </form>
    </div>
  );
}
