/**
 * The database's table types (Kysely), one file per table group, `Database`, the map of table
 * names to them that every query is typed by, and the handle types passed to repositories and services.
 */
import type { Kysely, Transaction } from 'kysely';
import type { ActivityLogTable, AppMetaTable, ArticleListGenerationTable } from './system';
import type {
  LoginFailuresTable,
  PasskeysTable,
  RecoveryCodesTable,
  RightsTable,
  RoleRightsTable,
  RoleScopesTable,
  RolesTable,
  SecondFactorFailuresTable,
  SessionsTable,
  SignInChallengesTable,
  SsoHandoffsTable,
  SsoLinksTable,
  SsoRequestsTable,
  UserLinksTable,
  UserRolesTable,
  UsersTable,
  WebauthnChallengesTable,
} from './people';
import type {
  AdsTable,
  ArticleAdsTable,
  ArticleAuthorsTable,
  ArticleCountsTable,
  ArticleImagesTable,
  ArticleLocksTable,
  WorkingCopiesTable,
  ArticleRevisionsTable,
  ArticlesTable,
  ArticleTagsTable,
  ArticleTopicsTable,
  ArticleTotalsTable,
  ArticleVideosTable,
  AuthorsTable,
  CategoriesTable,
  ImageFilesTable,
  ImagesTable,
  ShortLinksTable,
  TagsTable,
  VideosTable,
} from './articles';
import type { ArticleAssigneesTable, DeskMembersTable, DesksTable, DeskStagesTable } from './desks';
import type { ImportersTable, ImportRunsTable, ImportSeenTable, ImportStateTable } from './imports';

export type * from './columns';
export type * from './system';
export type * from './people';
export type * from './articles';
export type * from './imports';
export type * from './desks';
export type * from './webhooks';

// The rights (spec section 6) are a rule of the contracts; the rights table holds their names.
export { RIGHTS, type Right } from 'contracts/rules/rights';

export interface Database {
  app_meta: AppMetaTable;
  article_list_generation: ArticleListGenerationTable;
  rights: RightsTable;
  roles: RolesTable;
  role_rights: RoleRightsTable;
  role_scopes: RoleScopesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  user_links: UserLinksTable;
  sessions: SessionsTable;
  recovery_codes: RecoveryCodesTable;
  second_factor_failures: SecondFactorFailuresTable;
  sign_in_challenges: SignInChallengesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  sso_links: SsoLinksTable;
  sso_requests: SsoRequestsTable;
  sso_handoffs: SsoHandoffsTable;
  login_failures: LoginFailuresTable;
  categories: CategoriesTable;
  articles: ArticlesTable;
  desks: DesksTable;
  desk_members: DeskMembersTable;
  desk_stages: DeskStagesTable;
  article_assignees: ArticleAssigneesTable;
  article_counts: ArticleCountsTable;
  article_totals: ArticleTotalsTable;
  authors: AuthorsTable;
  tags: TagsTable;
  ads: AdsTable;
  images: ImagesTable;
  article_authors: ArticleAuthorsTable;
  article_topics: ArticleTopicsTable;
  article_tags: ArticleTagsTable;
  article_ads: ArticleAdsTable;
  article_images: ArticleImagesTable;
  image_files: ImageFilesTable;
  videos: VideosTable;
  article_videos: ArticleVideosTable;
  article_locks: ArticleLocksTable;
  working_copies: WorkingCopiesTable;
  importers: ImportersTable;
  import_state: ImportStateTable;
  import_runs: ImportRunsTable;
  import_seen: ImportSeenTable;
  short_links: ShortLinksTable;
  article_revisions: ArticleRevisionsTable;
  activity_log: ActivityLogTable;
}

/** The handle a repository or service works on: the database, or a transaction on it. */
export type Db = Kysely<Database> | Transaction<Database>;

/** The database itself, for code that opens transactions of its own (a transaction cannot open another). */
export type DbRoot = Kysely<Database>;
