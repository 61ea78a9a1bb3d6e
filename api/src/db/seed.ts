import { sql, type Kysely } from 'kysely';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword } from '../lib/passwords';
import { usersRepository } from '../repositories/users';
import { DEMO_CATEGORY_TREE, DEMO_USERS, type DemoCategory } from './demo-data';
import { seedDemoArticles } from './seed-articles';
import { DEMO_DESKS } from './demo-desks';
import type { Database } from './schema';

/**
 * Bumped when the demo seed gains content. Each step is idempotent (fixed ids / usernames,
 * ON CONFLICT DO NOTHING), and the applied version is kept in app_meta, so the seed runs on the
 * first start of a demo database only and a later version adds just what is missing.
 */
export const DEMO_SEED_VERSION = 4;
const DEMO_SEED_KEY = 'demo_seed_version';

export interface SeedResult {
  seeded: boolean;
  version: number;
}

async function resetSequence(db: Kysely<Database>, table: 'categories' | 'articles' | 'users' | 'desks' | 'desk_stages'): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(db);
}

async function seedUsers(db: Kysely<Database>, passwordHashCost: number): Promise<void> {
  for (const user of DEMO_USERS) {
    await usersRepository.createIfMissing(db, {
      username: user.username,
      name: user.name,
      email: user.email,
      passwordHash: await hashPassword(user.password, passwordHashCost),
      roles: user.roles,
    });
  }
  await resetSequence(db, 'users');
}

async function seedCategories(db: Kysely<Database>): Promise<Map<number, string>> {
  const rows: Array<{ id: number; title: string; alias: string; colour: string; parent_id: number | null; ordering: number }> = [];
  const aliases = new Map<number, string>();
  const walk = (node: DemoCategory, parentId: number | null, ordering: number, path: string): void => {
    const nodePath = parentId === null ? '' : path ? `${path}/${node.alias}` : node.alias;
    aliases.set(node.id, nodePath);
    rows.push({ id: node.id, title: node.title, alias: node.alias, colour: node.colour, parent_id: parentId, ordering });
    node.children?.forEach((child, index) => walk(child, node.id, index + 1, nodePath));
  };
  walk(DEMO_CATEGORY_TREE, null, 1, '');
  // Parents come before their children in `rows`, so the foreign key holds row by row.
  for (const row of rows) {
    await db
      .insertInto('categories')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  await resetSequence(db, 'categories');
  return aliases;
}

/**
 * The News and Sport desks with their stages and members; the drafts and articles awaiting approval
 * of the demo are spread over News's stages (each only once: a later seed version does not move them).
 */
async function seedDesks(db: Kysely<Database>): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'username']).execute();
  const idOf = new Map(users.map((user) => [user.username, user.id]));
  for (const desk of DEMO_DESKS) {
    const made = await db
      .insertInto('desks')
      .values({ id: desk.id, name: desk.name } as never)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!made) continue;
    await db
      .insertInto('desk_stages')
      .values(
        desk.stages.map(
          (stage, index) =>
            ({ id: stage.id, desk_id: desk.id, name: stage.name, position: index + 1, leave_right: stage.leave_right }) as never,
        ),
      )
      .execute();
    const members = desk.members.flatMap((username) =>
      idOf.has(username) ? [{ desk_id: desk.id, user_id: idOf.get(username) as number }] : [],
    );
    if (members.length > 0) await db.insertInto('desk_members').values(members).execute();
    if (desk.stories === 0) continue;
    const stories = await db
      .selectFrom('articles')
      .select('id')
      .where('state', 'in', [5, 4])
      .where('desk_id', 'is', null)
      .orderBy('id', 'desc')
      .limit(desk.stories)
      .execute();
    for (const [index, story] of stories.entries()) {
      const stage = desk.stages[index % desk.stages.length];
      await db
        .updateTable('articles')
        .set({ desk_id: desk.id, stage_id: stage?.id ?? null })
        .where('id', '=', story.id)
        .execute();
    }
  }
  await resetSequence(db, 'desks');
  await resetSequence(db, 'desk_stages');
}

/** Seeds the demo users, categories and articles unless this database already has them. */
export async function seedDemo(db: Kysely<Database>, passwordHashCost = DEFAULT_PASSWORD_HASH_COST): Promise<SeedResult> {
  const meta = await db.selectFrom('app_meta').select('value').where('key', '=', DEMO_SEED_KEY).executeTakeFirst();
  const applied = meta ? Number(meta.value) : 0;
  if (applied >= DEMO_SEED_VERSION) return { seeded: false, version: applied };
  await seedUsers(db, passwordHashCost);
  await db.transaction().execute(async (trx) => {
    await seedCategories(trx);
    await seedDemoArticles(trx);
    await seedDesks(trx);
    await trx
      .insertInto('app_meta')
      .values({ key: DEMO_SEED_KEY, value: String(DEMO_SEED_VERSION) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(DEMO_SEED_VERSION) }))
      .execute();
  });
  return { seeded: true, version: DEMO_SEED_VERSION };
}

/**
 * Outside demo mode: creates the initial `admin` (role admin) with ADMIN_PASSWORD when the database
 * has no users at all. Returns true when it created the user.
 */
export async function ensureInitialAdmin(
  db: Kysely<Database>,
  password: string | undefined,
  passwordHashCost = DEFAULT_PASSWORD_HASH_COST,
): Promise<boolean> {
  if (!password) return false;
  if ((await usersRepository.count(db)) > 0) return false;
  const id = await usersRepository.createIfMissing(db, {
    username: 'admin',
    name: 'Administrator',
    email: null,
    passwordHash: await hashPassword(password, passwordHashCost),
    roles: ['admin'],
  });
  return id !== undefined;
}
