import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('alias', 'text', (col) => col.notNull())
    .addColumn('colour', 'text')
    .addColumn('parent_id', 'integer', (col) => col.references('categories.id').onDelete('restrict'))
    .addColumn('enabled', 'smallint', (col) => col.notNull().defaultTo(1))
    .addColumn('ordering', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('modified_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('categories_enabled_check', sql`enabled in (0, 1)`)
    .execute();
  await db.schema.createIndex('categories_parent_id_idx').on('categories').columns(['parent_id', 'ordering']).execute();

  // The two fixed parents the product relies on (spec sections 4 and 9): id 8 is the root, and the
  // children of 8 and of 804 are the "main categories". Titles and colours can be edited later.
  await db
    .insertInto('categories')
    .values([
      { id: 8, title: 'Portal', alias: 'portal', colour: '#595959', parent_id: null, ordering: 1 },
      { id: 804, title: 'Local', alias: 'local', colour: '#722ed1', parent_id: 8, ordering: 5 },
    ])
    .execute();
  await sql`select setval(pg_get_serial_sequence('categories', 'id'), 804)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('categories').execute();
}
