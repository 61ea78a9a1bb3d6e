import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { session, useSession } from 'shared';
import { SHELL_NS } from '../../i18n/i18n';
import { SignedOutFrame } from '../../ui/SignedOutFrame';
import { afterLoginPath } from './guards';
import { CodeForm } from './CodeForm';
import { LoginForm } from './LoginForm';
import { PasskeySignIn } from './PasskeySignIn';
import { SingleSignOnLink } from './SingleSignOn';
import { useSignInSteps } from './useSignInSteps';

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
  const secondFactor = useSession((state) => state.secondFactor);
  const location = useLocation();
  const steps = useSignInSteps(onSignInStart);

  const formReady = status !== 'temporary' && status !== 'unknown';
  useEffect(() => {
    if (formReady) onFormReady?.(afterLoginPath(location.search, session.getState().returnTo));
    // Once per visit of /login: a later change of the query or of returnTo is not worth another prefetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formReady]);

  return (
    <SignedOutFrame title={t('login.title')} width={LOGIN_BOX_WIDTH} testId="login-page" boxTestId="login-box">
      {secondFactor ? (
        <CodeForm
          busy={loggingIn}
          error={error}
          methods={secondFactor.methods}
          onSubmit={(code) => void steps.code(code)}
          onPasskey={() => void steps.secondFactorPasskey()}
          onCancel={() => session.cancelSecondFactor()}
        />
      ) : (
        <>
          <LoginForm
            busy={loggingIn || status === 'temporary'}
            error={error}
            notice={expired ? t('login.sessionEnded') : null}
            onSubmit={(values) => void steps.password(values)}
            onEdit={() => session.clearError()}
          />
          {loggingIn || status === 'temporary' ? null : <PasskeySignIn onClick={() => void steps.passkey()} />}
        </>
      )}
      <SingleSignOnLink
        next={afterLoginPath(location.search, null)}
        hidden={secondFactor !== null || loggingIn || status === 'temporary'}
      />
    </SignedOutFrame>
  );
}

export default LoginPage;
