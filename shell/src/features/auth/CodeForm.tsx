import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NS } from '../../i18n/i18n';
import { Alert, Button } from '../../ui';

export interface CodeFormProps {
  onSubmit(code: string): void;
  /** Answer with a passkey instead (offered when `methods` has one). */
  onPasskey(): void;
  /** The factors the user has: the code field for totp, the passkey button for passkey. */
  methods: ReadonlyArray<'totp' | 'passkey'>;
  onCancel(): void;
  busy: boolean;
  error: string | null;
}

/** The second step of a sign-in with two-factor on: the authenticator app's code, a recovery code or a passkey. antd-free like the login form. */
export function CodeForm({ onSubmit, onPasskey, methods, onCancel, busy, error }: CodeFormProps) {
  const totp = methods.includes('totp');
  const { t } = useTranslation(SHELL_NS);
  const id = useId();
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const missing = submitted && code.trim() === '' ? t('login.codeRequired') : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (code.trim() === '') {
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    onSubmit(code.trim());
  };

  return (
    <div className="nd-root">
      {error ? <Alert type="danger" title={error} style={{ marginBottom: 16 }} data-testid="login-error" /> : null}
      {totp ? (
        <form name="second-factor" noValidate onSubmit={submit}>
          <p style={{ marginTop: 0 }}>{t('login.codeHelp')}</p>
          <div className="nd-field">
            <label className="nd-label" htmlFor={`${id}-code`}>
              {t('login.code')}
            </label>
            <input
              id={`${id}-code`}
              className="nd-input"
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-required="true"
              aria-invalid={missing ? true : undefined}
              aria-describedby={`${id}-code-error`}
            />
            <div className="nd-explain" id={`${id}-code-error`} aria-live="polite">
              {missing}
            </div>
          </div>
          <Button primary block type="submit" disabled={busy}>
            {t('login.verify')}
          </Button>
        </form>
      ) : (
        <p style={{ marginTop: 0 }}>{t('login.passkeyHelp')}</p>
      )}
      {methods.includes('passkey') ? (
        <Button block primary={!totp} type="button" style={{ marginTop: 8 }} onClick={onPasskey} disabled={busy}>
          {t(totp ? 'login.passkeyInstead' : 'login.passkeyUse')}
        </Button>
      ) : null}
      <Button block type="button" style={{ marginTop: 8 }} onClick={onCancel} disabled={busy}>
        {t('login.back')}
      </Button>
    </div>
  );
}
