import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { i18n, LANGUAGE_STORAGE_KEY, session, toast } from 'shared';
import { signIn } from 'shared/test/fixtures';
import { setupStub, type StubServer } from 'shared/test/stubServer';
import { InsecureBanner, isInsecureProtocol } from './InsecureBanner';
import { LoadingOverlay, OVERLAY_DELAY_MS } from './LoadingOverlay';
import { useDelayedFlag } from './useDelayedFlag';
import { visibleNavLinks } from './navLinks';
import { Navbar } from './Navbar';
import { showToast, ToastBridge } from './ToastBridge';

const BANNER = 'You are currently using the non-secure version of the portal. Please log in at the secure address';

beforeAll(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../../i18n/i18n').registerShellTranslations();
});
let server: StubServer;
beforeEach(async () => {
  server = setupStub();
  await act(() => i18n.changeLanguage('en'));
});

describe('insecure-connection banner', () => {
  test('shows the exact spec text over http', () => {
    render(<InsecureBanner protocol="http:" />);
    expect(screen.getByText(BANNER, { exact: true })).toBeInTheDocument();
  });
  test('is hidden over https', () => {
    render(<InsecureBanner protocol="https:" />);
    expect(screen.queryByText(BANNER)).toBeNull();
  });
  test('any protocol other than https: counts as insecure', () => {
    expect(isInsecureProtocol('http:')).toBe(true);
    expect(isInsecureProtocol('file:')).toBe(true);
    expect(isInsecureProtocol('https:')).toBe(false);
  });
  test('uses the page protocol by default (jsdom: http)', () => {
    render(<InsecureBanner />);
    expect(screen.getByText(BANNER)).toBeInTheDocument();
  });
});

describe('loading overlay', () => {
  test('reads Loading... while visible, nothing otherwise', () => {
    const { rerender } = render(<LoadingOverlay visible />);
    expect(screen.getByText('Loading...', { exact: true })).toBeInTheDocument();
    rerender(<LoadingOverlay visible={false} />);
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  describe('shows only for requests that take longer than OVERLAY_DELAY_MS', () => {
    function Probe({ busy }: { busy: boolean }) {
      return <LoadingOverlay visible={useDelayedFlag(busy, OVERLAY_DELAY_MS)} />;
    }
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    test('a quick request never shows it', () => {
      const { rerender } = render(<Probe busy />);
      act(() => jest.advanceTimersByTime(OVERLAY_DELAY_MS - 1));
      expect(screen.queryByText('Loading...')).toBeNull();
      rerender(<Probe busy={false} />);
      act(() => jest.advanceTimersByTime(OVERLAY_DELAY_MS * 2));
      expect(screen.queryByText('Loading...')).toBeNull();
    });

    test('a slow request shows it after the delay, and its end hides it at once', () => {
      const { rerender } = render(<Probe busy />);
      act(() => jest.advanceTimersByTime(OVERLAY_DELAY_MS));
      expect(screen.getByText('Loading...')).toBeInTheDocument();
      rerender(<Probe busy={false} />);
      expect(screen.queryByText('Loading...')).toBeNull();
    });
  });
});

describe('navbar links per rights', () => {
  test.each([
    [[], ['articles']],
    [['create_article'], ['articles']],
    [['import'], ['articles', 'import']],
    [['manage_categories'], ['articles', 'categories']],
    [
      ['import', 'manage_categories', 'approve_article'],
      ['articles', 'import', 'categories'],
    ],
    [['view_activity'], ['articles', 'activity']],
    [['manage_webhooks'], ['articles', 'webhooks']],
    [
      ['import', 'manage_categories', 'view_activity'],
      ['articles', 'import', 'categories', 'activity'],
    ],
  ])('rights %j → %j', (rights, expected) => {
    expect(visibleNavLinks(rights).map((l) => l.key)).toEqual(expected);
  });

  async function renderNavbar(rights: string[]) {
    await signIn(server, 't', rights);
    const router = createMemoryRouter(
      [
        { path: '/', Component: Navbar },
        { path: '/login', Component: () => <div>login page</div> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  test('Articles always; Import only with import; Categories only with manage_categories', async () => {
    await renderNavbar(['create_article']);
    const nav = screen.getByRole('navigation');
    expect(nav).toHaveTextContent('Articles');
    expect(screen.getByRole('link', { name: 'Articles' })).toHaveAttribute('href', '/articles');
    expect(screen.queryByRole('link', { name: 'Import' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Categories' })).toBeNull();
  });

  test('an editor sees Import and Categories, the user name and Logout', async () => {
    await renderNavbar(['import', 'manage_categories']);
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/import');
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/categories');
    expect(screen.getByText('Eddie Editor')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logout' })).toBeInTheDocument();
  });

  test('Desk only for a user who works on a desk (the desks call answers one or more)', async () => {
    server.on('get', '/api/v2/desks', { status: 200, data: { code: 200, data: [{ id: 1, name: 'News' }], message: '' } });
    await renderNavbar(['create_article']);
    expect(await screen.findByRole('link', { name: 'Desk' })).toHaveAttribute('href', '/desk');
    expect(visibleNavLinks(['create_article'], true).map((l) => l.key)).toEqual(['articles', 'desk']);
  });

  test('no Desk link without a desk, nor when the desks call fails', async () => {
    server.on('get', '/api/v2/desks', { status: 200, data: { code: 200, data: [], message: '' } });
    await renderNavbar(['create_article']);
    await waitFor(() => expect(server.callsTo('get', '/api/v2/desks')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Desk' })).toBeNull();
  });

  test("every signed-in user's name opens My account", async () => {
    const router = await renderNavbar([]);
    const account = screen.getByRole('link', { name: 'My account: Eddie Editor' });
    expect(account).toHaveAttribute('href', '/account');
    expect(account).toHaveTextContent('Eddie Editor');
    fireEvent.click(account);
    expect(router.state.location.pathname).toBe('/account');
  });

  test('Logout clears the session and goes to /login', async () => {
    server.on('delete', '/api/v2/session', { status: 200, data: { code: 200, data: null, message: '' } });
    const router = await renderNavbar(['import']);
    fireEvent.click(screen.getByRole('link', { name: 'Logout' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.getState().status).toBe('signedOut');
    expect(server.callsTo('delete', '/api/v2/session')).toHaveLength(1);
  });

  test('on a narrow screen the Menu button opens the panel of links, language and Logout; Escape closes it', async () => {
    await renderNavbar(['import']);
    // Shown by the narrow-screen media query only (jsdom's window is wide, so its name does not compute).
    const menu = screen.getByText('Menu').closest('button')!;
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(screen.getByRole('navigation'));
    expect(panel).toContainElement(screen.getByRole('link', { name: 'Logout' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveAttribute('data-open', 'false');
    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open', 'true');
    fireEvent.keyDown(screen.getByRole('link', { name: 'Import' }), { key: 'Escape' });
    expect(panel).toHaveAttribute('data-open', 'false');
    expect(menu).toHaveFocus();
  });

  test('the language switcher offers English and Deutsch and remembers through setLanguage', async () => {
    await renderNavbar([]);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(screen.getByRole('option', { name: 'English' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Deutsch' })).toBeInTheDocument();
    await act(async () => {
      fireEvent.change(select, { target: { value: 'de' } });
    });
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(await screen.findByRole('link', { name: 'Artikel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abmelden' })).toBeInTheDocument();
  });
});

describe('toasts', () => {
  test('each shared toast type maps to the antd message method', () => {
    const api = { error: jest.fn(), info: jest.fn(), success: jest.fn(), warning: jest.fn() };
    showToast(api, { id: 1, type: 'success', message: 'Saved' });
    showToast(api, { id: 2, type: 'error', message: 'Boom' });
    expect(api.success).toHaveBeenCalledWith('Saved');
    expect(api.error).toHaveBeenCalledWith('Boom');
  });

  test('ToastBridge shows shared toasts with antd message', async () => {
    render(<ToastBridge />);
    act(() => {
      toast.success('Saved');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });
});
