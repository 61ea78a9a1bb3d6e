/// <reference types="@testing-library/jest-dom" />
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../i18n';
import { StandaloneHost, type StandaloneSession } from './StandaloneHost';

type State = ReturnType<StandaloneSession['getState']>;

function fakeSession(initial: Partial<State> = {}) {
  let state: State = { status: 'signedOut', user: null, error: null, loggingIn: false, ...initial };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<State>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };
  const session = {
    getState: () => state,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    login: jest.fn(async () => {
      set({ status: 'signedIn', user: { name: 'Eddie Editor', username: 'editor' } });
      return true;
    }),
    restore: jest.fn(async () => false),
    logout: jest.fn(async () => set({ status: 'signedOut', user: null })),
  };
  return { session, set };
}

describe('StandaloneHost (dev page of a remote)', () => {
  it('signs in through the session it is given, then renders its children', async () => {
    const user = userEvent.setup();
    const { session } = fakeSession();
    render(
      <StandaloneHost name="remote-x" session={session}>
        <p>the screens</p>
      </StandaloneHost>,
    );
    expect(screen.queryByText('the screens')).toBeNull();
    await user.type(screen.getByLabelText('Username'), 'editor');
    await user.type(screen.getByLabelText('Password'), 'editor-demo');
    await user.click(screen.getByLabelText('Remember Me'));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(session.login).toHaveBeenCalledWith('editor', 'editor-demo', true);
    expect(await screen.findByText('the screens')).toBeInTheDocument();
    expect(screen.getByText(/remote-x/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(session.logout).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('restores a stored session at start and shows the login error', async () => {
    const { session, set } = fakeSession({ status: 'unknown' });
    render(
      <StandaloneHost name="remote-x" session={session}>
        <p>the screens</p>
      </StandaloneHost>,
    );
    expect(session.restore).toHaveBeenCalled();
    act(() => set({ status: 'signedOut', error: 'Wrong username or password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong username or password');
  });

  it('shows toasts and the loading overlay it is given', () => {
    const { session } = fakeSession({ status: 'signedIn', user: { name: 'E', username: 'e' } });
    let emit: (event: { id: number; type: string; message: string }) => void = () => undefined;
    let setCount: (n: number) => void = () => undefined;
    let count = 0;
    render(
      <StandaloneHost
        name="remote-x"
        session={session}
        toast={{ subscribe: (l) => ((emit = l), () => undefined) }}
        loading={{ count: () => count, subscribe: (l) => ((setCount = (n) => ((count = n), l(n))), () => undefined) }}
      >
        <p>the screens</p>
      </StandaloneHost>,
    );
    act(() => emit({ id: 1, type: 'error', message: 'Boom' }));
    expect(screen.getByText('Boom')).toBeInTheDocument();
    act(() => setCount(1));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });
});
