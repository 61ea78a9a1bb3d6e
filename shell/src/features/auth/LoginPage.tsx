import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { session, useSession } from 'shared';
import { SHELL_NS } from '../../i18n/i18n';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { afterLoginPath } from './guards';
import { LoginForm, type LoginValues } from './LoginForm';

export const LOGIN_BACKGROUND = '#0b1526';
export const LOGIN_BOX_WIDTH = 320;

export interface LoginPageProps {
  /**
   * Called once the form is interactive, with the path the visitor goes to after signing in: the
   * shell starts fetching that screen's code then (prefetch, nothing run).
   */
  onFormReady?: (target: string) => void;
  /**
   * Called on Log in, with the path the visitor goes to after signing in: the shell loads that
   * screen's remote while the server checks the password, so its data requests can go out as
   * soon as the session is there.
   */
  onSignInStart?: (target: string) => void;
}

/** /login: dark page, a narrow centred box 320px wide. */
export function LoginPage({ onFormReady, onSignInStart }: LoginPageProps = {}) {
  const { t } = useTranslation(SHELL_NS);
  const status = useSession((state) => state.status);
  const loggingIn = useSession((state) => state.loggingIn);
  const error = useSession((state) => state.error);
  // A call answered 401 (the session was revoked or expired elsewhere): say so.
  const expired = useSession((state) => state.expired);
  const navigate = useNavigate();
  const location = useLocation();

  const formReady = status !== 'temporary' && status !== 'unknown';
  useEffect(() => {
    if (formReady) onFormReady?.(afterLoginPath(location.search, session.getState().returnTo));
    // Once per visit of /login: a later change of the query or of returnTo is not worth another prefetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formReady]);

  const onSubmit = async ({ username, password, remember }: LoginValues) => {
    onSignInStart?.(afterLoginPath(location.search, session.getState().returnTo));
    const ok = await session.login(username.trim(), password, remember);
    if (ok) void navigate(afterLoginPath(location.search, session.consumeReturnTo()), { replace: true });
  };

  return (
    <div
      data-testid="login-page"
      style={{
        minHeight: '100%',
        flex: 1,
        background: LOGIN_BACKGROUND,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '48px 16px',
      }}
    >
      <div
        data-testid="login-box"
        style={{
          width: LOGIN_BOX_WIDTH,
          maxWidth: '100%',
          background: '#fff',
          borderRadius: 8,
          padding: 24,
          boxShadow: '0 8px 24px rgba(0, 0, 0, 0.35)',
        }}
      >
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 4 }}>
          <LanguageSwitcher tone="light" />
        </div>
        <h1 style={{ margin: '0 0 16px', fontSize: 22, textAlign: 'center' }}>{t('login.title')}</h1>
        <LoginForm
          busy={loggingIn || status === 'temporary'}
          error={error}
          notice={expired ? t('login.sessionEnded') : null}
          onSubmit={(values) => void onSubmit(values)}
          onEdit={() => session.clearError()}
        />
      </div>
    </div>
  );
}

export default LoginPage;
