// Public face of the portal toolbar (Guidelines link, Logged In submitters).
export { PortalToolbar } from './components/PortalToolbar';
