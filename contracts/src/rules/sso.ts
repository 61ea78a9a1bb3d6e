/**
 * Single sign-on: the query parameters the API's callback sends the browser back to /login with
 * (both sides read them; the screens import rules, never the TypeBox schemas at run time).
 */
/** The longest provider name on the login page's button (OIDC_NAME). */
export const SSO_NAME_MAX = 60;

/** /login?sso={hand-off}: a finished provider sign-in for the login page to exchange for its session. */
export const SSO_HANDOFF_PARAM = 'sso';
/** /login?sso_error={code}: a refused single sign-on, by its error code. */
export const SSO_ERROR_PARAM = 'sso_error';
