import type { Right } from 'contracts/rules/rights';
import type {
  AccountLink,
  InviteBody,
  RoleRecord,
  SaveRoleBody,
  UpdateUserBody,
  UserListQuery,
  UserRecord,
} from 'contracts/schemas/people';
import type { CategoryNode } from 'contracts/schemas/categories';
import { apiGet, apiPost, apiRequest } from 'shared';

/** The people calls of the API (right manage_users). */

export interface UserPage {
  items: UserRecord[];
  total: number;
}

export async function fetchUsers(query: UserListQuery, signal?: AbortSignal): Promise<UserPage> {
  const envelope = await apiRequest<UserRecord[]>({ method: 'get', url: '/api/v2/users', params: query, signal });
  return { items: envelope.data, total: envelope.total ?? envelope.data.length };
}

export function fetchRoles(signal?: AbortSignal): Promise<RoleRecord[]> {
  return apiGet<RoleRecord[]>('/api/v2/roles', undefined, { signal });
}

export function inviteUser(body: InviteBody): Promise<AccountLink> {
  return apiPost<AccountLink>('/api/v2/users/invite', body);
}

export function updateUser(id: number, body: UpdateUserBody): Promise<UserRecord> {
  return apiPost<UserRecord>(`/api/v2/users/${id}`, body);
}

export function setUserEnabled(id: number, enabled: boolean): Promise<UserRecord> {
  return apiPost<UserRecord>(`/api/v2/users/${id}/${enabled ? 'enable' : 'disable'}`);
}

export function makeResetLink(id: number): Promise<AccountLink> {
  return apiPost<AccountLink>(`/api/v2/users/${id}/reset-link`);
}

export function saveRole(body: SaveRoleBody & { rights: Right[] }): Promise<RoleRecord> {
  return apiPost<RoleRecord>('/api/v2/roles', body);
}

/** The category tree (a role's scope is chosen from it). */
export function fetchCategoryTree(signal?: AbortSignal): Promise<CategoryNode[]> {
  return apiGet<CategoryNode[]>('/api/categories/tree', undefined, { signal });
}
