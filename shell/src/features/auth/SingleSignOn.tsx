import type { SsoInfo } from 'contracts/schemas/sso';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from 'shared';
import { SHELL_NS } from '../../i18n/i18n';

/** Public: whether single sign-on is on (the API's OIDC_* settings) and the provider's name. */
export const SSO_INFO_URL = '/api/v2/sso';

/** The single sign-on settings, once asked (null meanwhile, or when the API could not say). */
function useSsoInfo(): SsoInfo | null {
  const [info, setInfo] = useState<SsoInfo | null>(null);
  useEffect(() => {
    let live = true;
    apiGet<SsoInfo>(SSO_INFO_URL, undefined, { background: true }).then(
      (answer) => live && setInfo(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return info;
}

/**
 * "Sign in with {provider}" under the password form when single sign-on is configured: a plain link
 * (the whole page goes to the provider and comes back to /login?sso=…), keeping where the visitor
 * was going.
 */
export function SingleSignOnLink({ next, hidden }: { next: string; hidden: boolean }) {
  const { t } = useTranslation(SHELL_NS);
  const info = useSsoInfo();
  if (!info?.enabled || !info.start || hidden) return null;
  const href = `${info.start}?${new URLSearchParams({ next }).toString()}`;
  return (
    <div className="nd-root" data-testid="sso">
      <div
        role="separator"
        aria-hidden="true"
        style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '16px 0', color: '#595959' }}
      >
        <span style={{ flex: 1, borderTop: '1px solid #d9d9d9' }} />
        <span>{t('login.or')}</span>
        <span style={{ flex: 1, borderTop: '1px solid #d9d9d9' }} />
      </div>
      <a className="nd-button nd-button-block" href={href} style={{ textDecoration: 'none' }}>
        {t('login.sso', { name: info.name })}
      </a>
    </div>
  );
}
