import { Outlet } from 'react-router-dom';
import { AntdProvider } from './AntdProvider';
import { Navbar } from './Navbar';
import { ToastBridge } from './ToastBridge';

/**
 * Layout of every signed-in screen: antd's ConfigProvider (theme, locale), the navbar above the
 * routed screen, and the toasts. Loaded on demand: none of it, and no antd, is downloaded on /login.
 */
export function SignedInLayout() {
  return (
    <AntdProvider>
      <Navbar />
      <ToastBridge />
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, padding: '16px 24px' }}>
        <Outlet />
      </div>
    </AntdProvider>
  );
}

export default SignedInLayout;
