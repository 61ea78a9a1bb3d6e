import { queryOf, searchFromView, viewFromSearch } from './userQuery';

describe('the Users screen query in the address', () => {
  it('reads and writes every part, dropping defaults and nonsense', () => {
    const view = viewFromSearch(new URLSearchParams('search=riley&role=3&status=invited&two_factor=off&sort=email&dir=desc&page=2'));
    expect(view).toEqual({ search: 'riley', role: 3, status: 'invited', twoFactor: 'off', sort: 'email', dir: 'desc', page: 2 });
    expect(searchFromView(view).toString()).toBe('search=riley&role=3&status=invited&two_factor=off&sort=email&dir=desc&page=2');
    expect(queryOf(view)).toEqual({
      search: 'riley',
      role: 3,
      status: 'invited',
      two_factor: 'off',
      sort: 'email',
      dir: 'desc',
      limit: 20,
      limitStart: 20,
    });
    expect(viewFromSearch(new URLSearchParams('role=x&status=gone&two_factor=maybe&sort=password&page=-1'))).toEqual({
      search: '',
      role: undefined,
      status: undefined,
      twoFactor: undefined,
      sort: 'name',
      dir: 'asc',
      page: 1,
    });
  });
});
