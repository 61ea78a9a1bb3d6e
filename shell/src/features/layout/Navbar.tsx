import type { CSSProperties, MouseEvent } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { session, usePermissions, useSession } from 'shared';
import { SHELL_NS } from '../../i18n/i18n';
import { NEWSDESK_PRIMARY } from '../../ui/theme';
import { LOGIN_PATH } from '../auth';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
export const NAVBAR_HEIGHT = 56;
export const NAVBAR_BACKGROUND = '#001529';
import { visibleNavLinks } from './navLinks';

const linkStyle = (isActive: boolean): CSSProperties => ({
  color: isActive ? '#fff' : 'rgba(255, 255, 255, 0.72)',
  padding: '0 14px',
  height: NAVBAR_HEIGHT,
  display: 'inline-flex',
  alignItems: 'center',
  textDecoration: 'none',
  fontWeight: isActive ? 600 : 400,
  borderBottom: isActive ? `3px solid ${NEWSDESK_PRIMARY}` : '3px solid transparent',
  boxSizing: 'border-box',
});

/** The navbar (shown only when signed in): links by rights, language, user name, Logout at the right. */
export function Navbar() {
  const { t } = useTranslation(SHELL_NS);
  const rights = usePermissions();
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const onLogout = (event: MouseEvent) => {
    event.preventDefault();
    void session.logout();
    void navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <header
      data-testid="navbar"
      style={{
        display: 'flex',
        alignItems: 'center',
        height: NAVBAR_HEIGHT,
        padding: '0 16px',
        background: NAVBAR_BACKGROUND,
        color: '#fff',
        gap: 16,
      }}
    >
      <span style={{ fontWeight: 700, fontSize: 18, marginRight: 8, letterSpacing: 0.3 }}>Newsdesk</span>
      <nav aria-label={t('nav.label')} style={{ display: 'flex', flex: 1, minWidth: 0 }}>
        {visibleNavLinks(rights).map((link) => (
          <NavLink
            key={link.key}
            to={link.to}
            // The root shows the article portal too: Articles is the current page there.
            style={({ isActive }) => linkStyle(isActive || (link.key === 'articles' && pathname === '/'))}
          >
            {t(link.label)}
          </NavLink>
        ))}
      </nav>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <span className="newsdesk-language-wrap">
          <LanguageSwitcher />
        </span>
        {user ? (
          <span title={t('nav.signedInAs', { name: user.name })} style={{ color: 'rgba(255, 255, 255, 0.85)' }}>
            {user.name}
          </span>
        ) : null}
        <a href={LOGIN_PATH} onClick={onLogout} style={{ color: '#fff', fontWeight: 500 }}>
          {t('nav.logout')}
        </a>
      </div>
    </header>
  );
}

export default Navbar;
