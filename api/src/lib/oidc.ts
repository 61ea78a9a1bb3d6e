/**
 * The OpenID Connect relying party (openid-client): discovery of the provider (once, retried after a
 * failure), the authorization URL (code flow, PKCE S256, state, nonce) and the code exchange with
 * the ID token's checks (issuer, audience, signature, nonce, expiry) and the userinfo claims.
 */
import type * as OpenIdClient from 'openid-client';
import { isLoopbackHttp, type SsoConfig } from './sso-config';

export interface ProviderSignIn {
  /** The authorization URL to send the browser to. */
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export type Claims = Record<string, unknown> & { sub: string; iss: string };

const DISCOVERY_TIMEOUT_SECONDS = 10;

/** openid-client (ES modules only) is loaded when single sign-on is first used, not at every start. */
let library: Promise<typeof OpenIdClient> | undefined;
const openIdClient = () => (library ??= import('openid-client'));

/** How the client authenticates at the token endpoint: none (public client), HTTP Basic or the form body. */
function clientAuthentication(client: typeof OpenIdClient, sso: SsoConfig): OpenIdClient.ClientAuth {
  if (sso.clientSecret === undefined) return client.None();
  return sso.clientAuth === 'client_secret_post' ? client.ClientSecretPost(sso.clientSecret) : client.ClientSecretBasic(sso.clientSecret);
}

export function oidcRelyingParty(sso: SsoConfig) {
  let discovered: Promise<OpenIdClient.Configuration> | undefined;

  function configuration(): Promise<OpenIdClient.Configuration> {
    discovered ??= openIdClient()
      .then((client) =>
        client.discovery(
          new URL(sso.issuer),
          sso.clientId,
          sso.clientSecret === undefined ? {} : { client_secret: sso.clientSecret },
          clientAuthentication(client, sso),
          {
            timeout: DISCOVERY_TIMEOUT_SECONDS,
            // Plain http only for a provider on loopback (lib/sso-config.ts refuses it elsewhere).
            execute: isLoopbackHttp(new URL(sso.issuer)) ? [client.allowInsecureRequests] : [],
          },
        ),
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    async begin(): Promise<ProviderSignIn> {
      const [client, config] = await Promise.all([openIdClient(), configuration()]);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: sso.redirectUri,
        scope: sso.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, codeVerifier, nonce };
    },

    /**
     * Exchanges the code of the authorization response `query` (the callback's query string) for
     * tokens and answers the ID token's claims with the userinfo's added (the ID token's win).
     */
    async finish(query: string, checks: { state: string; codeVerifier: string; nonce: string }): Promise<Claims> {
      const [client, config] = await Promise.all([openIdClient(), configuration()]);
      const callback = new URL(sso.redirectUri);
      callback.search = query;
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('The provider sent no ID token');
      let userinfo: Record<string, unknown> = {};
      if (config.serverMetadata().userinfo_endpoint) {
        userinfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      }
      return { ...userinfo, ...idClaims } as Claims;
    },
  };
}

export type OidcRelyingParty = ReturnType<typeof oidcRelyingParty>;
