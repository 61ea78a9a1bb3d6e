import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginForm } from './LoginForm';
import { LoginPage } from './LoginPage';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { i18n, LANGUAGE_STORAGE_KEY, session, setLanguage, TOKEN_STORAGE_KEY } from 'shared';
import { EDITOR } from 'shared/test/fixtures';
import { deferred, fail, ok, setupStub, type StubReply, type StubServer } from 'shared/test/stubServer';

beforeAll(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../../i18n/i18n').registerShellTranslations();
});
let server: StubServer;
beforeEach(() => {
  server = setupStub();
});

describe('LoginForm', () => {
  test('has username, password, Remember Me and Log in', () => {
    render(<LoginForm onSubmit={jest.fn()} busy={false} error={null} />);
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember Me' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  test('username and password are required: nothing is submitted, both messages show', async () => {
    const onSubmit = jest.fn();
    render(<LoginForm onSubmit={onSubmit} busy={false} error={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your username')).toBeInTheDocument();
    expect(await screen.findByText('Please enter your password')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test('a blank (spaces only) username is refused too', async () => {
    const onSubmit = jest.fn();
    render(<LoginForm onSubmit={onSubmit} busy={false} error={null} />);
    await userEvent.type(screen.getByLabelText('Username'), '   ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your username')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test('submits the values with remember', async () => {
    const onSubmit = jest.fn();
    render(<LoginForm onSubmit={onSubmit} busy={false} error={null} />);
    await userEvent.type(screen.getByLabelText('Username'), 'editor');
    await userEvent.type(screen.getByLabelText('Password'), 'editor-demo');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember Me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ username: 'editor', password: 'editor-demo', remember: true }));
  });

  test('a required message goes once the field is filled, and marks the field invalid meanwhile', async () => {
    render(<LoginForm onSubmit={jest.fn()} busy={false} error={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Please enter your username');
    expect(username).toHaveFocus();
    await userEvent.type(username, 'editor');
    expect(screen.queryByText('Please enter your username')).toBeNull();
    expect(username).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    // Field messages are not alerts: the only role="alert" is the server's error.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('editing tells the page (which clears the error)', async () => {
    const onEdit = jest.fn();
    render(<LoginForm onSubmit={jest.fn()} busy={false} error="Wrong password" onEdit={onEdit} />);
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(onEdit).toHaveBeenCalled();
  });

  test('German texts', async () => {
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    try {
      render(<LoginForm onSubmit={jest.fn()} busy={false} error={null} />);
      fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
      expect(screen.getByLabelText('Benutzername')).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Angemeldet bleiben' })).toBeInTheDocument();
      expect(screen.getByText('Bitte geben Sie Ihren Benutzernamen ein')).toBeInTheDocument();
      expect(screen.getByText('Bitte geben Sie Ihr Passwort ein')).toBeInTheDocument();
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });

  test('the error shows in a danger (error) alert', () => {
    render(<LoginForm onSubmit={jest.fn()} busy={false} error="Invalid username or password" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Invalid username or password');
    expect(alert.className).toMatch(/danger/);
  });

  test('no alert without an error', () => {
    render(<LoginForm onSubmit={jest.fn()} busy={false} error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('while busy a loading view replaces the form (typed values survive)', async () => {
    const { rerender } = render(<LoginForm onSubmit={jest.fn()} busy={false} error={null} />);
    await userEvent.type(screen.getByLabelText('Username'), 'editor');
    rerender(<LoginForm onSubmit={jest.fn()} busy error={null} />);
    expect(screen.getByTestId('login-loading')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull(); // hidden from the accessibility tree
    rerender(<LoginForm onSubmit={jest.fn()} busy={false} error={null} />);
    expect(screen.queryByTestId('login-loading')).toBeNull();
    expect(screen.getByLabelText('Username')).toHaveValue('editor');
  });
});

describe('LoginPage', () => {
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

  test('shows the loading view while a stored token is checked (temporary)', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    const answer = deferred<StubReply>();
    server.on('get', '/api/v2/session', () => answer.promise);
    void session.restore();
    renderAt('/login');
    expect(screen.getByTestId('login-loading')).toBeInTheDocument();
    await act(async () => answer.resolve(ok({ auth: 'stored', user: EDITOR, permissions: [] })));
    await waitFor(() => expect(screen.queryByTestId('login-loading')).toBeNull());
    expect(session.getState().status).toBe('signedIn');
  });

  test('offers the language before sign-in: Deutsch turns the form German, is remembered and sets the page language', async () => {
    try {
      renderAt('/login');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
      expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
      expect(screen.getByLabelText('Benutzername')).toBeInTheDocument();
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
      expect(document.documentElement.lang).toBe('de');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  test('shows the session error in the danger alert', async () => {
    server.on('post', '/api/v2/session', fail(401, 'Invalid username or password'));
    await session.login('admin', 'wrong');
    renderAt('/login');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid username or password');
  });

  test('signs in and goes back to where the user was', async () => {
    server.on('post', '/api/v2/session', ok({ auth: 'tok', user: EDITOR, permissions: ['manage_categories'] }));
    const router = renderAt('/login?next=%2Fcategories');
    await userEvent.type(screen.getByLabelText('Username'), ' admin ');
    await userEvent.type(screen.getByLabelText('Password'), 'admin-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('landed');
    const [call] = server.callsTo('post', '/api/v2/session');
    expect(Object.fromEntries(new URLSearchParams(String(call?.data)))).toEqual({
      username: 'admin',
      password: 'admin-demo',
      remember: '0',
    });
    expect(router.state.location.pathname).toBe('/categories');
  });

  test('a failed login stays on /login', async () => {
    server.on('post', '/api/v2/session', fail(401, 'Wrong password'));
    const router = renderAt('/login');
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password');
    expect(router.state.location.pathname).toBe('/login');
  });
});
