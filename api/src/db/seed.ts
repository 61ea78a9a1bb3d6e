import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../lib/passwords';
import { usersRepository } from '../repositories/users';
import { DEMO_CATEGORY_TREE, DEMO_USERS, type DemoCategory } from './demo-data';
import { seedDemoArticles } from './seed-articles';
import type { Database } from './schema';

/**
 * Bumped when the demo seed gains content. Each step is idempotent (fixed ids / usernames,
 * ON CONFLICT DO NOTHING), and the applied version is kept in app_meta, so the seed runs on the
 * first start of a demo database only and a later version adds just what is missing.
 */
export const DEMO_SEED_VERSION = 3;
const DEMO_SEED_KEY = 'demo_seed_version';

export interface SeedResult {
  seeded: boolean;
  version: number;
}

async function resetSequence(db: Kysely<Database>, table: 'categories' | 'articles' | 'users'): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(db);
}

async function seedUsers(db: Kysely<Database>): Promise<void> {
  for (const user of DEMO_USERS) {
    await usersRepository.createIfMissing(db, {
      username: user.username,
      name: user.name,
      email: user.email,
      passwordHash: await hashPassword(user.password),
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

/** Seeds the demo users, categories and articles unless this database already has them. */
export async function seedDemo(db: Kysely<Database>): Promise<SeedResult> {
  const meta = await db.selectFrom('app_meta').select('value').where('key', '=', DEMO_SEED_KEY).executeTakeFirst();
  const applied = meta ? Number(meta.value) : 0;
  if (applied >= DEMO_SEED_VERSION) return { seeded: false, version: applied };
  await seedUsers(db);
  await db.transaction().execute(async (trx) => {
    await seedCategories(trx);
    await seedDemoArticles(trx);
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
export async function ensureInitialAdmin(db: Kysely<Database>, password: string | undefined): Promise<boolean> {
  if (!password) return false;
  if ((await usersRepository.count(db)) > 0) return false;
  const id = await usersRepository.createIfMissing(db, {
    username: 'admin',
    name: 'Administrator',
    email: null,
    passwordHash: await hashPassword(password),
    roles: ['admin'],
  });
  return id !== undefined;
}
