import { sql } from 'kysely';
import type { DbRoot } from '../db/schema';
import type { OnlineSubmitter } from 'contracts/schemas/articles';

export type { OnlineSubmitter };

export const articlesSubmittersRepository = {
  /**
   * Enabled users with the right create_article who have a live session used since `since`.
   * "Used" is the session's renewed_at: written at sign-in and, while the session is in use, at
   * most once per renew interval (5 minutes by default), so lastSeen can lag by that much.
   */
  async online(db: DbRoot, since: Date, now: Date): Promise<OnlineSubmitter[]> {
    const { rows } = await sql<{ id: number; name: string; username: string; last_seen: Date | string }>`
      select u.id, u.name, u.username, max(s.renewed_at) as last_seen
      from sessions s
      join users u on u.id = s.user_id
      where s.renewed_at >= ${since} and s.expires_at > ${now} and u.enabled
        and exists (
          select 1 from user_roles ur
          join role_rights rr on rr.role_id = ur.role_id
          join rights rt on rt.id = rr.right_id
          where ur.user_id = u.id and rt.name = 'create_article'
        )
      group by u.id, u.name, u.username
      order by u.name, u.id
    `.execute(db);
    return rows.map((row) => ({ id: row.id, name: row.name, username: row.username, lastSeen: new Date(row.last_seen).toISOString() }));
  },
};
