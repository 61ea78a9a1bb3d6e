import { sql, type Kysely } from 'kysely';

/**
 * The activity log: one row per state-changing call, written in the transaction
 * of the change (services/activity.ts), so a change that fails records nothing. actor_id is not a
 * foreign key: the history keeps who did it after the user is gone (null = the system or, for a
 * refused sign-in, nobody known). The right view_activity opens the log; admins hold it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity_log')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'integer')
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'integer')
    .addColumn('action', 'text', (col) => col.notNull())
    // json, not jsonb: the fields keep the order they were recorded in (the screen lists them so).
    .addColumn('changes', 'json', (col) => col.notNull().defaultTo(sql`'{}'::json`))
    .addColumn('details', 'json')
    .execute();
  // Newest first, whole log or by one filter (the screen's and the editor panel's queries).
  await sql`create index activity_log_at_idx on activity_log (at desc, id desc)`.execute(db);
  await sql`create index activity_log_entity_idx on activity_log (entity, entity_id, at desc, id desc)`.execute(db);
  await sql`create index activity_log_actor_idx on activity_log (actor_id, at desc, id desc)`.execute(db);

  await db.insertInto('rights').values({ name: 'view_activity', description: 'View the activity log' }).execute();
  await db
    .insertInto('role_rights')
    .columns(['role_id', 'right_id'])
    .expression((eb) =>
      eb
        .selectFrom('roles')
        .innerJoin('rights', (join) => join.on('rights.name', '=', 'view_activity'))
        .where('roles.name', '=', 'admin')
        .select(['roles.id as role_id', 'rights.id as right_id']),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('rights').where('name', '=', 'view_activity').execute();
  await db.schema.dropTable('activity_log').execute();
}
