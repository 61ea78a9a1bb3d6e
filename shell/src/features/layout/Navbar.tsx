import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { session, usePermissions, useSession } from 'shared';
import { SHELL_NS } from '../../i18n/i18n';
import { LOGIN_PATH } from '../auth';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { ensureNavbarStyles } from './navbarStyles';
import { visibleNavLinks } from './navLinks';
import { useDeskMember } from './useDeskMember';

export { NAVBAR_BACKGROUND, NAVBAR_HEIGHT } from './navbarStyles';

const MENU_ID = 'newsdesk-navbar-menu';

/** Three bars: the Menu button's icon. */
const MenuIcon = () => (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
    <rect y="2" width="16" height="2" rx="1" />
    <rect y="7" width="16" height="2" rx="1" />
    <rect y="12" width="16" height="2" rx="1" />
  </svg>
);

/**
 * The navbar (shown only when signed in): links by rights, language, user name, Logout at the right.
 * On a narrow screen they fold into a panel that the Menu button opens; choosing a screen or Escape
 * closes it.
 */
export function Navbar() {
  ensureNavbarStyles();
  const { t } = useTranslation(SHELL_NS);
  const rights = usePermissions();
  const deskMember = useDeskMember();
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [pathname]);

  const onLogout = (event: MouseEvent) => {
    event.preventDefault();
    void session.logout();
    void navigate(LOGIN_PATH, { replace: true });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <header data-testid="navbar" className="nd-navbar" onKeyDown={onKeyDown}>
      <span className="nd-navbar-brand">Newsdesk</span>
      <button
        ref={toggle}
        type="button"
        className="nd-navbar-toggle"
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon />
        {t('nav.menu')}
      </button>
      <div id={MENU_ID} className="nd-navbar-menu" data-open={open}>
        <nav aria-label={t('nav.label')} className="nd-navbar-links">
          {visibleNavLinks(rights, deskMember).map((link) => (
            <NavLink
              key={link.key}
              to={link.to}
              // The root shows the article portal too: Articles is the current page there.
              className={({ isActive }) =>
                isActive || (link.key === 'articles' && pathname === '/') ? 'nd-navbar-link nd-navbar-link-active' : 'nd-navbar-link'
              }
            >
              {t(link.label)}
            </NavLink>
          ))}
        </nav>
        <div className="nd-navbar-account">
          <LanguageSwitcher />
          {user ? (
            // The user menu: the signed-in user's name opens My account.
            <NavLink
              to="/account"
              className={({ isActive }) => (isActive ? 'nd-navbar-user nd-navbar-link-active' : 'nd-navbar-user')}
              aria-label={t('nav.account', { name: user.name })}
              title={t('nav.signedInAs', { name: user.name })}
            >
              {user.name}
            </NavLink>
          ) : null}
          <a href={LOGIN_PATH} onClick={onLogout} className="nd-navbar-logout">
            {t('nav.logout')}
          </a>
        </div>
      </div>
    </header>
  );
}

export default Navbar;
