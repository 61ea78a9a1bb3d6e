import type { AccountLinkInfo } from 'contracts/schemas/people';
import type { SecondFactorChallenge, SessionData } from 'contracts/schemas/session';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { apiPost, errorText, session } from 'shared';
import { SHELL_NS } from '../../i18n/i18n';
import { Alert, Button, Spinner } from '../../ui';
import { SignedOutFrame } from '../../ui/SignedOutFrame';
import { InvitationPasskey } from './InvitationPasskey';
import { useNewPassword } from './useNewPassword';

/** The token of the link: after '#' (never sent to a server by the browser, so never in a log). */
function tokenOfHash(hash: string): string {
  return hash.replace(/^#/, '');
}

/**
 * /invitation#<token> and /password-reset#<token>, signed out: who the link is for, a new password
 * (checked as it is typed by the one rule of contracts/rules/passwords, with a strength meter), and
 * signed in once the server takes it. antd-free like /login (no antd before sign-in).
 */
export function AccountLinkPage() {
  const { t } = useTranslation(SHELL_NS);
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const token = tokenOfHash(location.hash);
  const [info, setInfo] = useState<AccountLinkInfo | null>(null);
  const [linkError, setLinkError] = useState<unknown>(token ? null : new Error(t('accountLink.noToken')));
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const { password, setPassword, repeat, setRepeat, setSubmitted, problem, mismatch, minLength, strength, passwordMessage, repeatMessage } =
    useNewPassword(info);

  useEffect(() => {
    if (!token) return;
    apiPost<AccountLinkInfo>('/api/v2/account-link', { token }).then(setInfo, setLinkError);
  }, [token]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || mismatch) {
      document.getElementById(`${id}-${problem ? 'password' : 'repeat'}`)?.focus();
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      const answer = await apiPost<SessionData | SecondFactorChallenge>('/api/v2/account-link/password', { token, password });
      if (await session.adopt(answer)) void navigate('/', { replace: true });
      // A user with a second factor: the login page's second step finishes the sign-in.
      else if (session.getState().secondFactor) void navigate('/login', { replace: true });
    } catch (error) {
      setServerError(error);
    } finally {
      setBusy(false);
    }
  };

  const title =
    info?.purpose === 'reset' || location.pathname.startsWith('/password-reset')
      ? t('accountLink.resetTitle')
      : t('accountLink.inviteTitle');
  return (
    <SignedOutFrame title={title} width={360} as="main" testId="account-link-page">
      <div className="nd-root">
        {linkError ? <Alert type="danger" title={errorText(linkError)} data-testid="account-link-error" /> : null}
        {!linkError && !info ? (
          <div role="status" style={{ display: 'flex', justifyContent: 'center', padding: 24 }}>
            <Spinner />
            <span style={{ marginLeft: 8 }}>{t('loading')}</span>
          </div>
        ) : null}
        {info ? (
          <form name="account-link" noValidate onSubmit={(event) => void submit(event)}>
            <p style={{ marginTop: 0 }}>{t('accountLink.hello', { name: info.name, username: info.username })}</p>
            {serverError ? <Alert type="danger" title={errorText(serverError)} style={{ marginBottom: 16 }} /> : null}
            <PasswordField
              id={`${id}-password`}
              label={t('accountLink.password')}
              value={password}
              onChange={setPassword}
              message={passwordMessage}
              autoFocus
              help={
                <>
                  {t('accountLink.help', { min: minLength })}
                  {strength !== null ? (
                    <span data-testid="password-strength">
                      {' '}
                      <meter
                        min={0}
                        max={4}
                        value={strength}
                        aria-label={t('accountLink.strength')}
                        style={{ verticalAlign: 'middle', width: 80 }}
                      />{' '}
                      {t(`accountLink.strengths.${strength}`)}
                    </span>
                  ) : null}
                </>
              }
            />
            <PasswordField
              id={`${id}-repeat`}
              label={t('accountLink.repeat')}
              value={repeat}
              onChange={setRepeat}
              message={repeatMessage}
            />
            <Button primary block type="submit" disabled={busy}>
              {t('accountLink.submit')}
            </Button>
          </form>
        ) : null}
        {info?.purpose === 'invite' ? <InvitationPasskey token={token} /> : null}
      </div>
    </SignedOutFrame>
  );
}

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's error (announced as it appears), or null. */
  message: string | null;
  help?: ReactNode;
  autoFocus?: boolean;
}

/** A new-password input with its label, optional help and its error, described by both. */
function PasswordField({ id, label, value, onChange, message, help, autoFocus }: PasswordFieldProps) {
  return (
    <div className="nd-field">
      <label className="nd-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="nd-input"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={help ? `${id}-help ${id}-error` : `${id}-error`}
      />
      {help ? (
        <div id={`${id}-help`} style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)', marginTop: 4 }}>
          {help}
        </div>
      ) : null}
      <div className="nd-explain" id={`${id}-error`} aria-live="polite">
        {message}
      </div>
    </div>
  );
}
