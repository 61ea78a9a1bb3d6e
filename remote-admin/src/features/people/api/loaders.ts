import type { CategoryNode } from 'contracts/schemas/categories';
import type { RoleRecord } from 'contracts/schemas/people';
import { queryOf, viewFromSearch, type UsersView } from '../model/userQuery';
import { fetchCategoryTree, fetchRoles, fetchUsers, type UserPage } from './peopleApi';

export interface UsersData {
  view: UsersView;
  page: UserPage;
  roles: RoleRecord[];
}

/** The Users screen's data for its address: one page of users and the roles (filter, forms). */
export async function loadUsers(url: string, signal?: AbortSignal): Promise<UsersData> {
  const view = viewFromSearch(new URL(url).searchParams);
  const [page, roles] = await Promise.all([fetchUsers(queryOf(view), signal), fetchRoles(signal)]);
  return { view, page, roles };
}

export interface RolesData {
  roles: RoleRecord[];
  /** The category tree: a role's scope is chosen from it and named by it. */
  categories: CategoryNode[];
}

export async function loadRoles(signal?: AbortSignal): Promise<RolesData> {
  const [roles, categories] = await Promise.all([fetchRoles(signal), fetchCategoryTree(signal)]);
  return { roles, categories };
}
