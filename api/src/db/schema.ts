import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default. */
export type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON, written as a JSON string (both drivers accept text for jsonb). */
export type Json<T> = ColumnType<T, string, string>;

export const RIGHTS = [
  'import',
  'create_article',
  'edit_all_articles',
  'view_all_articles',
  'approve_article',
  'set_access',
  'feature_article',
  'manage_categories',
] as const;
export type Right = (typeof RIGHTS)[number];

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface RightsTable {
  id: Generated<number>;
  name: Right;
  description: string;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  title: string;
}

export interface RoleRightsTable {
  role_id: number;
  right_id: number;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  email: string | null;
  /** scrypt$N$r$p$salt$hash, or null: the user cannot sign in with a password. */
  password_hash: string | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  remember: boolean;
  created_at: TimestampDefault;
  expires_at: Timestamp;
  renewed_at: TimestampDefault;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  ip: string;
  username: string;
  failed_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  title: string;
  alias: string;
  colour: string | null;
  parent_id: number | null;
  enabled: ColumnType<number, number | undefined, number>;
  ordering: ColumnType<number, number | undefined, number>;
  created_at: TimestampDefault;
  modified_at: TimestampDefault;
}

export interface ArticlesTable {
  id: Generated<number>;
  title: string;
  catid: number | null;
  date: Timestamp;
  state: number;
  access: ColumnType<number, number | undefined, number>;
  featured: ColumnType<number, number | undefined, number>;
  newsletter: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  url: string;
  introtext: ColumnType<string, string | undefined, string>;
  text: ColumnType<string, string | undefined, string>;
  created: TimestampDefault;
  modified: TimestampDefault;
  version: ColumnType<number, number | undefined, number>;
}

export interface ImporterDefaults {
  [key: string]: unknown;
}

export interface ImportersTable {
  id: Generated<number>;
  title: string;
  feed_url: string;
  plugin: string;
  schedule: number;
  enabled: ColumnType<number, number | undefined, number>;
  defaults: ColumnType<ImporterDefaults, string | undefined, string>;
  created: TimestampDefault;
  modified: TimestampDefault;
}

export interface Database {
  app_meta: AppMetaTable;
  rights: RightsTable;
  roles: RolesTable;
  role_rights: RoleRightsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  categories: CategoriesTable;
  articles: ArticlesTable;
  importers: ImportersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ArticleRow = Selectable<ArticlesTable>;
export type ImporterRow = Selectable<ImportersTable>;
