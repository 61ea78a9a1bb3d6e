import { Outlet } from 'react-router-dom';
import { Navbar } from './Navbar';
import { ToastBridge } from './ToastBridge';

/**
 * Layout of every signed-in screen: the navbar above the routed screen, and the toasts.
 * Loaded on demand: none of it is downloaded on /login.
 */
export function SignedInLayout() {
  return (
    <>
      <Navbar />
      <ToastBridge />
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, padding: '16px 24px' }}>
        <Outlet />
      </div>
    </>
  );
}

export default SignedInLayout;
