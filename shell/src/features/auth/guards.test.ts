import type { SessionStatus } from 'shared';
import { afterLoginPath, decideRoute, loginPathFor, safeReturnPath, type RouteKind } from './guards';

const STATUSES: SessionStatus[] = ['unknown', 'temporary', 'signedOut', 'signedIn'];

describe('decideRoute', () => {
  test.each([
    // kind, status, expected decision
    ['login', 'unknown', { type: 'allow' }],
    ['login', 'temporary', { type: 'allow' }], // temporary counts as signed out: the login (loading view) shows
    ['login', 'signedOut', { type: 'allow' }],
    ['login', 'signedIn', { type: 'redirect', to: '/' }],
    ['protected', 'unknown', { type: 'wait' }],
    ['protected', 'temporary', { type: 'wait' }],
    ['protected', 'signedOut', { type: 'redirect', to: '/login?next=%2Fimport%2Fedit%2F3%3Ftab%3D2' }],
    ['protected', 'signedIn', { type: 'allow' }],
  ] as [RouteKind, SessionStatus, object][])('%s route, session %s', (kind, status, expected) => {
    expect(decideRoute(kind, status, '/import/edit/3?tab=2')).toEqual(expected);
  });

  test.each(STATUSES)('open routes (/404) are allowed when %s', (status) => {
    expect(decideRoute('open', status, '/404')).toEqual({ type: 'allow' });
  });

  test('a signed-out visitor of the root goes to plain /login', () => {
    expect(decideRoute('protected', 'signedOut', '/')).toEqual({ type: 'redirect', to: '/login' });
  });

  test('a signed-in user at /login?next=… is sent there, not to the root', () => {
    expect(decideRoute('login', 'signedIn', '/login?next=%2Fcategories')).toEqual({ type: 'redirect', to: '/categories' });
  });
});

describe('return paths', () => {
  test.each([
    ['/import', '/import'],
    ['/import/edit/3?x=1#h', '/import/edit/3?x=1#h'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['import', null],
    ['/login', null],
    ['', null],
    [null, null],
  ])('safeReturnPath(%p) = %p', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  test('loginPathFor keeps where the user was', () => {
    expect(loginPathFor('/categories')).toBe('/login?next=%2Fcategories');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor(null)).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });

  test('afterLoginPath: ?next= first, then the session returnTo, then the root', () => {
    expect(afterLoginPath('?next=%2Fimport')).toBe('/import');
    expect(afterLoginPath('', '/categories')).toBe('/categories');
    expect(afterLoginPath('?next=%2F%2Fevil.example', '/categories')).toBe('/categories');
    expect(afterLoginPath('')).toBe('/');
  });
});
