import { injectStylesheet } from '../../ui/styles';
import { NEWSDESK_PRIMARY } from '../../ui/theme';

export const NAVBAR_HEIGHT = 56;
export const NAVBAR_BACKGROUND = '#001529';
/** Below this width the links, language, user and Logout fold into the Menu button's panel. */
export const NAVBAR_COLLAPSE_BELOW = 992;

const CSS = `
.nd-navbar{position:relative;display:flex;align-items:center;gap:16px;height:${NAVBAR_HEIGHT}px;padding:0 16px;background:${NAVBAR_BACKGROUND};color:#fff}
.nd-navbar-brand{font-weight:700;font-size:18px;margin-right:8px;letter-spacing:.3px;white-space:nowrap}
.nd-navbar-menu{display:flex;flex:1;align-items:center;gap:16px;min-width:0}
.nd-navbar-links{display:flex;flex:1;min-width:0}
.nd-navbar-link{display:inline-flex;align-items:center;box-sizing:border-box;height:${NAVBAR_HEIGHT}px;padding:0 14px;color:rgba(255,255,255,.72);text-decoration:none;border-bottom:3px solid transparent;white-space:nowrap}
.nd-navbar-link-active{color:#fff;font-weight:600;border-bottom-color:${NEWSDESK_PRIMARY}}
.nd-navbar-account{display:flex;align-items:center;gap:12px;min-width:0}
.nd-navbar-user{color:rgba(255,255,255,.85);text-decoration:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:200px}
.nd-navbar-logout{color:#fff;font-weight:500;white-space:nowrap}
.nd-navbar-toggle{display:none;align-items:center;gap:8px;margin-left:auto;height:36px;padding:0 12px;font:inherit;color:#fff;background:transparent;border:1px solid rgba(255,255,255,.35);border-radius:6px;cursor:pointer}
.nd-navbar-toggle:focus-visible,.nd-navbar a:focus-visible{outline:2px solid #fff;outline-offset:2px}
@media (max-width:${NAVBAR_COLLAPSE_BELOW - 0.02}px){
.nd-navbar-toggle{display:inline-flex}
.nd-navbar-menu{display:none;position:absolute;top:100%;left:0;right:0;z-index:1050;flex-direction:column;align-items:stretch;gap:8px;padding:8px 16px 16px;background:${NAVBAR_BACKGROUND};box-shadow:0 6px 16px rgba(0,0,0,.2)}
.nd-navbar-menu[data-open=true]{display:flex}
.nd-navbar-links{flex-direction:column}
.nd-navbar-link{height:44px;border-bottom:0;border-left:3px solid transparent}
.nd-navbar-link-active{border-left-color:${NEWSDESK_PRIMARY}}
.nd-navbar-account{flex-wrap:wrap;padding-top:8px;border-top:1px solid rgba(255,255,255,.15)}
}
`;

/** Adds the navbar's stylesheet (its narrow-screen layout is a media query) once. */
export const ensureNavbarStyles = (): void => injectStylesheet('navbar', CSS);
