import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { session } from 'shared';
import { EDITOR } from 'shared/test/fixtures';
import { ok, setupStub, type StubServer } from 'shared/test/stubServer';
import { LoginPage } from './LoginPage';

beforeAll(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../../i18n/i18n').registerShellTranslations();
});
let server: StubServer;
beforeEach(() => {
  server = setupStub();
});
afterEach(() => session.logout());

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '*', Component: () => <div>landed</div> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('single sign-on on the login page', () => {
  test('no button while single sign-on is off', async () => {
    server.on('get', '/api/v2/sso', ok({ enabled: false, name: null, start: null }));
    renderAt('/login');
    await screen.findByRole('button', { name: 'Log in' });
    await waitFor(() => expect(server.callsTo('get', '/api/v2/sso')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByTestId('sso')).toBeNull();
  });

  test('"Sign in with {name}" goes to the start with where the visitor was going', async () => {
    server.on('get', '/api/v2/sso', ok({ enabled: true, name: 'Newsroom ID', start: '/api/v2/sso/start' }));
    renderAt('/login?next=%2Fcategories');
    const link = await screen.findByRole('link', { name: 'Sign in with Newsroom ID' });
    expect(link).toHaveAttribute('href', '/api/v2/sso/start?next=%2Fcategories');
  });

  test('the hand-off of /login?sso= signs in and leaves the address at once', async () => {
    server.on('post', '/api/v2/sso/session', ok({ auth: 'tok-sso', user: EDITOR, permissions: ['manage_categories'] }));
    const router = renderAt('/login?sso=hand-1&next=%2Fcategories');
    await screen.findByText('landed');
    expect(server.bodies('post', '/api/v2/sso/session')).toEqual([{ handoff: 'hand-1' }]);
    expect(router.state.location.pathname).toBe('/categories');
    expect(session.getState()).toMatchObject({ status: 'signedIn', token: 'tok-sso' });
  });

  test('/login?sso_error= shows the refusal by its code and drops the parameter', async () => {
    const router = renderAt('/login?sso_error=sso_no_account');
    expect(await screen.findByRole('alert')).toHaveTextContent('No Newsdesk account belongs to this sign-in');
    expect(router.state.location.search).toBe('');
  });
});
