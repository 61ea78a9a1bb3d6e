import { sql } from 'kysely';
import type { RoleRecord, RoleRef, UserRecord, UserSort, UserStatus } from 'contracts/schemas/people';
import type { Right, DbRoot } from '../db/schema';
import { hasSecondFactorOf } from './two-factor';

/** The SQL of the people screens: users, roles and the invitation / reset links. */

/** The roles of user `u`, as [{ id, name, title }] in role order. */
const roleRefsOf = sql<RoleRef[]>`coalesce((
  select json_agg(json_build_object('id', r.id, 'name', r.name, 'title', r.title) order by r.id)
  from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id
), '[]'::json)`;

/** When user `u` last signed in (the activity log's sign-in entries), or null. */
const lastSignInOf = sql<Date | null>`(
  select max(a.at) from activity_log a where a.entity = 'user' and a.entity_id = u.id and a.action = 'sign_in'
)`;

/**
 * Invited: no password yet, no single sign-on identity and no passkey either (someone who signs in
 * through the provider, or accepted the invitation with a passkey, is active).
 */
const statusOf = sql<UserStatus>`case when not u.enabled then 'disabled'
  when u.password_hash is null and not exists (select 1 from sso_links l where l.user_id = u.id)
    and not exists (select 1 from passkeys p where p.user_id = u.id) then 'invited' else 'active' end`;

/** The issuers user `u` is linked to by single sign-on, in issuer order. */
const ssoIssuersOf = sql<string[]>`coalesce((
  select json_agg(l.issuer order by l.issuer) from sso_links l where l.user_id = u.id
), '[]'::json)`;

const SORT_COLUMNS: Record<UserSort, ReturnType<typeof sql>> = {
  name: sql`lower(u.name)`,
  username: sql`lower(u.username)`,
  email: sql`lower(u.email)`,
  last_sign_in: lastSignInOf,
  created: sql`u.created_at`,
};

export interface UserFilter {
  search?: string;
  roleId?: number;
  status?: UserStatus;
  twoFactor?: boolean;
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function usersQuery(db: DbRoot) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.username',
      'u.name',
      'u.email',
      'u.version',
      'u.created_at',
      roleRefsOf.as('roles'),
      statusOf.as('status'),
      lastSignInOf.as('last_sign_in'),
      hasSecondFactorOf.as('two_factor'),
      ssoIssuersOf.as('sso_issuers'),
    ])
    .where('u.id', '>', 0);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof usersQuery>['executeTakeFirstOrThrow']>>;

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    roles: typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles,
    status: row.status,
    last_sign_in: iso(row.last_sign_in),
    created: iso(row.created_at) as string,
    version: row.version,
    two_factor: Boolean(row.two_factor),
    sso_issuers: typeof row.sso_issuers === 'string' ? JSON.parse(row.sso_issuers) : row.sso_issuers,
  };
}

/** LIKE's wildcards taken literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const peopleRepository = {
  /** Serialises the changes that must keep one user manager (a share row exclusive lock on user_roles). */
  async lockForChanges(trx: DbRoot): Promise<void> {
    await sql`lock table user_roles in share row exclusive mode`.execute(trx);
  },

  async listUsers(
    db: DbRoot,
    filter: UserFilter,
    order: { sort: UserSort; dir: 'asc' | 'desc' },
    page: { limit: number; offset: number },
  ): Promise<{ items: UserRecord[]; total: number }> {
    let query = usersQuery(db);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(u.name)`, 'like', pattern),
          eb(sql`lower(u.username)`, 'like', pattern),
          eb(sql`lower(coalesce(u.email, ''))`, 'like', pattern),
        ]),
      );
    }
    if (filter.roleId !== undefined) {
      const roleId = filter.roleId;
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('user_roles as ur')
            .whereRef('ur.user_id', '=', 'u.id')
            .where('ur.role_id', '=', roleId)
            .select(sql`1`.as('one')),
        ),
      );
    }
    if (filter.status) query = query.where(statusOf, '=', filter.status);
    if (filter.twoFactor !== undefined) query = query.where(filter.twoFactor ? hasSecondFactorOf : sql<boolean>`not ${hasSecondFactorOf}`);
    const direction = order.dir === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
    const [rows, count] = await Promise.all([
      query
        .orderBy(sql`${SORT_COLUMNS[order.sort]} ${direction}`)
        .orderBy('u.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query
        .clearSelect()
        .select(sql<number>`count(*)::int`.as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toRecord), total: count.total };
  },

  async findUser(db: DbRoot, id: number, options: { lock?: boolean } = {}): Promise<UserRecord | undefined> {
    let query = usersQuery(db).where('u.id', '=', id);
    if (options.lock) query = query.forUpdate('u');
    const row = await query.executeTakeFirst();
    return row ? toRecord(row) : undefined;
  },

  /** Another user already known by this email (any case), if any. */
  async findByEmail(db: DbRoot, email: string, exceptId?: number): Promise<{ id: number; username: string } | undefined> {
    let query = db
      .selectFrom('users')
      .select(['id', 'username'])
      .where(sql<string>`lower(email)`, '=', email.toLowerCase());
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst();
  },

  async usernameTaken(db: DbRoot, username: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  },

  /** A user without a password: invited (they choose one through the link) or made at their first single sign-on. */
  async createWithoutPassword(db: DbRoot, user: { username: string; name: string; email: string }): Promise<number> {
    const { id } = await db
      .insertInto('users')
      .values({ username: user.username, name: user.name, email: user.email, password_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async setRoles(db: DbRoot, userId: number, roleIds: number[]): Promise<void> {
    await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    if (roleIds.length > 0) {
      await db
        .insertInto('user_roles')
        .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
        .execute();
    }
  },

  /** Updates name / email and bumps the version when `version` is current; false when stale. */
  async updateUser(db: DbRoot, id: number, version: number, fields: { name?: string; email?: string }): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set((eb) => ({ ...fields, version: eb('version', '+', 1), updated_at: new Date() }))
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async setEnabled(db: DbRoot, id: number, enabled: boolean): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({ enabled, version: eb('version', '+', 1), updated_at: new Date() }))
      .where('id', '=', id)
      .execute();
  },

  /** A new password hash (an open edit form stays current: the version is not bumped). */
  async setPassword(db: DbRoot, id: number, passwordHash: string): Promise<void> {
    await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', id).execute();
  },

  async deleteSessions(db: DbRoot, userId: number): Promise<void> {
    await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  },

  /** Enabled users who hold manage_users through a role. */
  async countUserManagers(db: DbRoot): Promise<number> {
    const row = await db
      .selectFrom('users as u')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('u.enabled', '=', true)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('user_roles as ur')
            .innerJoin('role_rights as rr', 'rr.role_id', 'ur.role_id')
            .innerJoin('rights as rt', 'rt.id', 'rr.right_id')
            .whereRef('ur.user_id', '=', 'u.id')
            .where('rt.name', '=', 'manage_users')
            .select(sql`1`.as('one')),
        ),
      )
      .executeTakeFirstOrThrow();
    return row.count;
  },

  // ---- roles ---------------------------------------------------------------------------------

  async listRoles(db: DbRoot): Promise<RoleRecord[]> {
    return db
      .selectFrom('roles as r')
      .select([
        'r.id',
        'r.name',
        'r.title',
        'r.version',
        'r.require_2fa',
        sql<
          Right[]
        >`coalesce((select array_agg(rt.name order by rt.id) from role_rights rr join rights rt on rt.id = rr.right_id where rr.role_id = r.id), '{}')`.as(
          'rights',
        ),
        sql<number>`(select count(*)::int from user_roles ur where ur.role_id = r.id)`.as('users'),
        sql<number[] | null>`case when r.scoped then coalesce((
          select array_agg(rs.category_id order by rs.category_id) from role_scopes rs where rs.role_id = r.id
        ), '{}') end`.as('scope'),
      ])
      .orderBy('r.id')
      .execute();
  },

  /** Limits the role's article rights to `scope`'s subtrees (null: everywhere). */
  async setRoleScope(db: DbRoot, roleId: number, scope: readonly number[] | null): Promise<void> {
    await db.deleteFrom('role_scopes').where('role_id', '=', roleId).execute();
    await db
      .updateTable('roles')
      .set({ scoped: scope !== null })
      .where('id', '=', roleId)
      .execute();
    if (scope && scope.length > 0) {
      await db
        .insertInto('role_scopes')
        .values(scope.map((categoryId) => ({ role_id: roleId, category_id: categoryId })))
        .execute();
    }
  },

  async findRole(db: DbRoot, id: number): Promise<RoleRecord | undefined> {
    return (await this.listRoles(db)).find((role) => role.id === id);
  },

  /** The ids of `ids` that are no role. */
  async unknownRoleIds(db: DbRoot, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
    const known = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !known.has(id));
  },

  async roleNameTaken(db: DbRoot, name: string): Promise<boolean> {
    return (await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst()) !== undefined;
  },

  async roleTitleTaken(db: DbRoot, title: string, exceptId?: number): Promise<boolean> {
    let query = db
      .selectFrom('roles')
      .select('id')
      .where(sql<string>`lower(title)`, '=', title.toLowerCase());
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  },

  async createRole(db: DbRoot, role: { name: string; title: string; require_2fa: boolean }): Promise<number> {
    const { id } = await db.insertInto('roles').values(role).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** Renames and bumps the version when `version` is current; false when stale. */
  async updateRole(db: DbRoot, id: number, version: number, title: string, require2fa: boolean): Promise<boolean> {
    const result = await db
      .updateTable('roles')
      .set((eb) => ({ title, require_2fa: require2fa, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async setRoleRights(db: DbRoot, roleId: number, rights: Right[]): Promise<void> {
    await db.deleteFrom('role_rights').where('role_id', '=', roleId).execute();
    if (rights.length > 0) {
      await db
        .insertInto('role_rights')
        .columns(['role_id', 'right_id'])
        .expression((eb) =>
          eb
            .selectFrom('rights')
            .select([sql<number>`${roleId}::int`.as('role_id'), 'rights.id as right_id'])
            .where('rights.name', 'in', rights),
        )
        .execute();
    }
  },

  // ---- links ---------------------------------------------------------------------------------

  /** A new link for the user; the user's earlier unused links of any purpose stop working. */
  async createLink(
    db: DbRoot,
    link: { userId: number; purpose: 'invite' | 'reset'; tokenHash: string; createdBy: number | null; now: Date; expiresAt: Date },
  ): Promise<void> {
    await db.updateTable('user_links').set({ used_at: link.now }).where('user_id', '=', link.userId).where('used_at', 'is', null).execute();
    await db
      .insertInto('user_links')
      .values({
        user_id: link.userId,
        purpose: link.purpose,
        token_hash: link.tokenHash,
        created_by: link.createdBy,
        created_at: link.now,
        expires_at: link.expiresAt,
      })
      .execute();
  },

  async findLink(
    db: DbRoot,
    tokenHash: string,
    options: { lock?: boolean } = {},
  ): Promise<
    { id: number; userId: number; purpose: 'invite' | 'reset'; tokenHash: string; expiresAt: Date; usedAt: Date | null } | undefined
  > {
    let query = db
      .selectFrom('user_links')
      .select(['id', 'user_id', 'purpose', 'token_hash', 'expires_at', 'used_at'])
      .where('token_hash', '=', tokenHash);
    if (options.lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row
      ? {
          id: row.id,
          userId: row.user_id,
          purpose: row.purpose,
          tokenHash: row.token_hash,
          expiresAt: new Date(row.expires_at),
          usedAt: row.used_at ? new Date(row.used_at) : null,
        }
      : undefined;
  },

  async markLinkUsed(db: DbRoot, id: number, now: Date): Promise<void> {
    await db.updateTable('user_links').set({ used_at: now }).where('id', '=', id).execute();
  },

  async passwordHashOf(db: DbRoot, id: number): Promise<string | null> {
    const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
    return row?.password_hash ?? null;
  },

  async isEnabled(db: DbRoot, id: number): Promise<boolean> {
    const row = await db.selectFrom('users').select('enabled').where('id', '=', id).executeTakeFirst();
    return row?.enabled ?? false;
  },
};
