import { act, render, renderHook } from '@testing-library/react';
import { hasRight, RIGHTS, useRight, usePermissions, isRight, requireRight, MissingRightError, isMissingRightError } from './index';
import { session } from '../session/store';
import { useSession } from '../session/useSession';
import { TOKEN_STORAGE_KEY } from '../session/storage';
import { EDITOR, signIn } from '../test/fixtures';
import { deferred, ok, setupStub, type StubReply, type StubServer } from '../test/stubServer';

let server: StubServer;

beforeEach(() => {
  server = setupStub();
  server.on('delete', '/api/v2/session', ok(null));
});

describe('RIGHTS', () => {
  it('lists the twelve rights of the API', () => {
    expect([...RIGHTS].sort()).toEqual([
      'approve_article',
      'create_article',
      'edit_all_articles',
      'feature_article',
      'import',
      'manage_categories',
      'manage_desks',
      'manage_users',
      'manage_webhooks',
      'set_access',
      'view_activity',
      'view_all_articles',
    ]);
    expect(isRight('import')).toBe(true);
    expect(isRight('admin')).toBe(false);
    expect(isRight(1)).toBe(false);
  });
});

describe('hasRight', () => {
  it('is false for everything when signed out', () => {
    for (const right of RIGHTS) expect(hasRight(right)).toBe(false);
  });

  it('follows the signed-in user rights', async () => {
    await signIn(server, 'tok', ['import', 'create_article']);
    expect(hasRight('import')).toBe(true);
    expect(hasRight('create_article')).toBe(true);
    expect(hasRight('approve_article')).toBe(false);
    await session.logout();
    expect(hasRight('import')).toBe(false);
  });

  it('is false while a stored token is being checked (temporary)', async () => {
    await signIn(server, 'tok', ['import']);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    // simulate a reload: back to unknown, then restore
    await session.logout();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const check = deferred<StubReply>();
    server.on('get', '/api/v2/session', () => check.promise);
    const pending = session.restore();
    expect(session.getState().status).toBe('temporary');
    expect(hasRight('import')).toBe(false);
    check.resolve(ok({ auth: 'tok', user: EDITOR }));
    await pending;
    expect(hasRight('import')).toBe(true);
  });
});

describe('useRight / usePermissions / useSession', () => {
  it('re-render when the rights change', async () => {
    const right = renderHook(() => useRight('import'));
    const rights = renderHook(() => usePermissions());
    expect(right.result.current).toBe(false);
    expect(rights.result.current).toEqual([]);
    await act(() => signIn(server, 'tok', ['import', 'set_access']));
    expect(right.result.current).toBe(true);
    expect(rights.result.current).toEqual(['import', 'set_access']);
    await act(() => session.logout());
    expect(right.result.current).toBe(false);
    expect(rights.result.current).toEqual([]);
  });

  it('useRight is false for a right the user lacks', async () => {
    await signIn(server, 'tok', ['import']);
    const { result } = renderHook(() => useRight('approve_article'));
    expect(result.current).toBe(false);
  });

  it('useSession gives the state and follows the transitions', async () => {
    const seen: string[] = [];
    function Probe() {
      const state = useSession();
      seen.push(state.loggingIn ? `${state.status}+loggingIn` : state.status);
      return <span>{state.status}</span>;
    }
    const view = render(<Probe />);
    expect(view.container.textContent).toBe('unknown');
    await act(() => signIn(server));
    expect(view.container.textContent).toBe('signedIn');
    expect(seen).toEqual(['unknown', 'unknown+loggingIn', 'signedIn']);
  });

  it('useSession with a selector re-renders only when the selected value changes', async () => {
    let renders = 0;
    function Probe() {
      renders++;
      const name = useSession((s) => s.user?.name ?? '-');
      return <span>{name}</span>;
    }
    const view = render(<Probe />);
    expect(view.container.textContent).toBe('-');
    act(() => session.clearError());
    act(() => session.expire());
    expect(renders).toBe(1);
    await act(() => signIn(server));
    expect(view.container.textContent).toBe(EDITOR.name);
    expect(renders).toBe(2);
  });
});

describe('requireRight (a route loader refusing a screen)', () => {
  it('throws MissingRightError naming the right unless the signed-in user has it', async () => {
    expect(() => requireRight('import')).toThrow(MissingRightError);
    await signIn(server, 'tok', ['create_article']);
    let refused: unknown;
    try {
      requireRight('import');
    } catch (error) {
      refused = error;
    }
    expect(isMissingRightError(refused)).toBe(true);
    expect((refused as MissingRightError).right).toBe('import');
    expect(() => requireRight('create_article')).not.toThrow();
  });

  it('isMissingRightError tells it apart by shape, not by class', () => {
    expect(isMissingRightError({ kind: 'missing_right', right: 'import' })).toBe(true);
    expect(isMissingRightError({ kind: 'missing_right', right: 'admin' })).toBe(false);
    expect(isMissingRightError(new Error('Missing right: import'))).toBe(false);
    expect(isMissingRightError(null)).toBe(false);
  });
});
