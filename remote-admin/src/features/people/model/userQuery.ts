import { USER_SORTS, USER_STATUSES, type UserSort, type UserStatus } from 'contracts/rules/people';
import type { UserListQuery } from 'contracts/schemas/people';

export const USERS_PAGE_SIZE = 20;

/** The Users screen's query, kept in the address (?search=&role=&status=&sort=&dir=&page=). */
export interface UsersView {
  search: string;
  role: number | undefined;
  status: UserStatus | undefined;
  /** Two-factor sign-in on / off. */
  twoFactor: 'on' | 'off' | undefined;
  sort: UserSort;
  dir: 'asc' | 'desc';
  page: number;
}

export function viewFromSearch(params: URLSearchParams): UsersView {
  const role = Number(params.get('role'));
  const status = params.get('status');
  const twoFactor = params.get('two_factor');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    role: Number.isInteger(role) && role > 0 ? role : undefined,
    status: (USER_STATUSES as readonly string[]).includes(status ?? '') ? (status as UserStatus) : undefined,
    twoFactor: twoFactor === 'on' || twoFactor === 'off' ? twoFactor : undefined,
    sort: (USER_SORTS as readonly string[]).includes(sort ?? '') ? (sort as UserSort) : 'name',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function searchFromView(view: UsersView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search.trim()) params.set('search', view.search.trim());
  if (view.role !== undefined) params.set('role', String(view.role));
  if (view.status) params.set('status', view.status);
  if (view.twoFactor) params.set('two_factor', view.twoFactor);
  if (view.sort !== 'name') params.set('sort', view.sort);
  if (view.dir !== 'asc') params.set('dir', view.dir);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The API query of a view. */
export function queryOf(view: UsersView): UserListQuery {
  return {
    ...(view.search.trim() ? { search: view.search.trim() } : {}),
    ...(view.role !== undefined ? { role: view.role } : {}),
    ...(view.status ? { status: view.status } : {}),
    ...(view.twoFactor ? { two_factor: view.twoFactor } : {}),
    sort: view.sort,
    dir: view.dir,
    limit: USERS_PAGE_SIZE,
    limitStart: (view.page - 1) * USERS_PAGE_SIZE,
  };
}
