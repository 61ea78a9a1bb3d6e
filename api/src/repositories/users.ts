import { sql } from 'kysely';
import type { Right, DbRoot } from '../db/schema';
import type { User } from 'contracts/schemas/common';
import { isRight, type RightGrant } from 'contracts/rules/rights';

/** The public shape of a user (GET /api/session). */
export type { User };

export interface Credentials {
  id: number;
  passwordHash: string | null;
}

/** The names of a user's roles, as a correlated subquery on `u`. */
export const rolesOf = sql<string[]>`coalesce((
  select array_agg(r.name order by r.id) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id
), '{}')`;

/** The rights a user has through their roles, in canonical order, as a correlated subquery on `u`. */
export const rightsOf = sql<Right[]>`coalesce((
  select array_agg(rt.name order by rt.id) from rights rt
  where exists (
    select 1 from user_roles ur join role_rights rr on rr.role_id = ur.role_id
    where ur.user_id = u.id and rr.right_id = rt.id
  )
), '{}')`;

/**
 * What each of a user's roles gives (contracts/rules/rights.ts RightGrant): its rights and, for a
 * scoped role, its scope categories; as a correlated subquery on `u` (JSON).
 */
export const grantsOf = sql<RightGrant[] | string>`coalesce((
  select json_agg(json_build_object(
    'rights', coalesce((
      select array_agg(rt.name order by rt.id) from role_rights rr join rights rt on rt.id = rr.right_id where rr.role_id = r.id
    ), '{}'),
    'scope', case when r.scoped then coalesce((
      select array_agg(rs.category_id order by rs.category_id) from role_scopes rs where rs.role_id = r.id
    ), '{}') end
  ) order by r.id)
  from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id
), '[]'::json)`;

/** The grants as the query answers them (a JSON value, or its text on some drivers), with unknown right names dropped. */
export function grantsFrom(value: RightGrant[] | string): RightGrant[] {
  const grants = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{ rights: string[]; scope: number[] | null }>;
  return grants.map((grant) => ({ rights: grant.rights.filter(isRight), scope: grant.scope }));
}

export const usersRepository = {
  /** An enabled user's id and password hash, by username (case-insensitive). */
  async findCredentials(db: DbRoot, username: string): Promise<Credentials | undefined> {
    const row = await db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .where('enabled', '=', true)
      .executeTakeFirst();
    return row ? { id: row.id, passwordHash: row.password_hash } : undefined;
  },

  /** A user's profile, rights and interface language (My account). */
  async findById(db: DbRoot, id: number): Promise<(User & { rights: Right[]; language: 'en' | 'de' | null }) | undefined> {
    return db
      .selectFrom('users as u')
      .select(['u.id', 'u.username', 'u.name', 'u.email', rolesOf.as('roles'), rightsOf.as('rights'), 'u.language'])
      .where('u.id', '=', id)
      .executeTakeFirst();
  },

  /** Enabled users who may create content (right create_article), by name. */
  async listCreators(db: DbRoot): Promise<Array<{ id: number; name: string }>> {
    return db
      .selectFrom('users as u')
      .select(['u.id', 'u.name'])
      .where('u.enabled', '=', true)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('user_roles as ur')
            .innerJoin('role_rights as rr', 'rr.role_id', 'ur.role_id')
            .innerJoin('rights as rt', 'rt.id', 'rr.right_id')
            .whereRef('ur.user_id', '=', 'u.id')
            .where('rt.name', '=', 'create_article')
            .select(sql`1`.as('one')),
        ),
      )
      .orderBy('u.name')
      .orderBy('u.id')
      .execute();
  },

  async count(db: DbRoot): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  },

  /** Creates a user with the given roles unless the username is taken; returns the id, or undefined when taken. */
  async createIfMissing(
    db: DbRoot,
    user: { id?: number; username: string; name: string; email: string | null; passwordHash: string | null; roles: string[] },
  ): Promise<number | undefined> {
    return db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', user.username.toLowerCase())
        .executeTakeFirst();
      if (existing) return undefined;
      const { id } = await trx
        .insertInto('users')
        .values({
          ...(user.id !== undefined ? { id: user.id } : {}),
          username: user.username,
          name: user.name,
          email: user.email,
          password_hash: user.passwordHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (user.roles.length > 0) {
        await trx
          .insertInto('user_roles')
          .columns(['user_id', 'role_id'])
          .expression((eb) =>
            eb
              .selectFrom('roles')
              .select([sql<number>`${id}::int`.as('user_id'), 'roles.id as role_id'])
              .where('roles.name', 'in', user.roles),
          )
          .execute();
      }
      return id;
    });
  },
};
