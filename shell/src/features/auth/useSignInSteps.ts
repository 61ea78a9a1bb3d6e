import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { session } from 'shared';
import { SSO_ERROR_PARAM, SSO_HANDOFF_PARAM } from 'contracts/rules/sso';
import { afterLoginPath, NEXT_PARAM } from './guards';
import type { LoginValues } from './LoginForm';
import { passkeyCeremony } from './passkey';

/** Called with the path the visitor goes to after signing in (the shell loads that screen meanwhile). */
type SignInStart = ((target: string) => void) | undefined;

/**
 * The login page's steps: password, code, passkey (alone or as the second step). Signed in, the visitor
 * goes where they were going, or to My account first when a role requires two-factor they have not set up.
 */
export function useSignInSteps(onSignInStart: SignInStart) {
  const navigate = useNavigate();
  const location = useLocation();

  const proceed = (search = location.search) => {
    const target = afterLoginPath(search, session.consumeReturnTo());
    void navigate(session.getState().enrolSecondFactor ? '/account' : target, { replace: true });
  };
  const starting = (search = location.search) => onSignInStart?.(afterLoginPath(search, session.getState().returnTo));

  useSingleSignOnArrival(starting, proceed);

  return {
    password: async ({ username, password, remember }: LoginValues) => {
      starting();
      if (await session.login(username.trim(), password, remember)) proceed();
    },
    code: async (code: string) => {
      if (await session.completeSecondFactor(code)) proceed();
    },
    passkey: async () => {
      starting();
      if (await session.loginWithPasskey(passkeyCeremony)) proceed();
    },
    secondFactorPasskey: async () => {
      if (await session.completeSecondFactorWithPasskey(passkeyCeremony)) proceed();
    },
  };
}

/**
 * Back from the single sign-on: the hand-off becomes the session (or the code step), a refusal is
 * shown. Either way the parameter leaves the address at once (a hand-off works once).
 */
function useSingleSignOnArrival(starting: (search: string) => void, proceed: (search: string) => void) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const handoff = params.get(SSO_HANDOFF_PARAM);
    const refusal = params.get(SSO_ERROR_PARAM);
    if (handoff === null && refusal === null) return;
    const next = params.get(NEXT_PARAM);
    const nextSearch = next ? `?${new URLSearchParams({ [NEXT_PARAM]: next }).toString()}` : '';
    void navigate({ search: nextSearch }, { replace: true });
    if (refusal !== null) void session.refused(refusal);
    if (handoff) {
      starting(nextSearch);
      void session.completeSingleSignOn(handoff).then((signedIn) => signedIn && proceed(nextSearch));
    }
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
