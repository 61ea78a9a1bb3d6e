/**
 * Publishing by the clock as a property (contracts/rules/article-schedule.ts): random sequences of
 * saves, state changes, schedules, revision restores, bulk actions and clock ticks by users of each
 * right (admin, approver, editor without approve_article, submitter), on a few articles. A model
 * follows what each call answered and knows whether an article is armed: yes after an approver's
 * Schedule, no after any manual state change, a content change by a user without approve_article or
 * the job's tick, unknown after a revision restore (it may bring back the content there is). Then:
 * - the job publishes an article only when it is not known to be disarmed: an approver scheduled it
 *   on content no one but an approver changed since, and nobody decided by hand since;
 * - it publishes every article known to be armed when its time has come (the schedule works).
 * The sequences users met run first (EXAMPLES). Seeded and bounded (SCHEDULE_RUNS, default 6; SCHEDULE_SEED) so it runs in seconds.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { runDuePublishing } from '../src/services/publishing-job';
import { categories, postJson, saveForm, upload } from './article-edit-fixtures';
import { body, describeEachDatabase, type DemoUsername } from './helpers';

const RUNS = Number(process.env.SCHEDULE_RUNS ?? 6);
const SEED = Number(process.env.SCHEDULE_SEED ?? 20261127);
const ARTICLES = 2;

const USERS = ['admin', 'approver', 'editor', 'submitter'] as const satisfies readonly DemoUsername[];
type User = (typeof USERS)[number];
const APPROVERS: readonly User[] = ['admin', 'approver'];

type Command =
  | { kind: 'save'; user: User; article: number; change: 'title' | 'time' | 'none' }
  | { kind: 'state'; user: User; article: number; value: 0 | 1 | 4 | -2 }
  | { kind: 'restore'; user: User; article: number }
  | { kind: 'schedule'; user: User; article: number }
  | { kind: 'revision'; user: User; article: number }
  | { kind: 'bulk'; user: User; action: 'approve' | 'unpublish' | 'trash' | 'restore' }
  | { kind: 'tick'; article: number };

const user = fc.constantFrom(...USERS);
const article = fc.integer({ min: 0, max: ARTICLES - 1 });
const approverName = fc.constantFrom<User>('admin', 'approver');
// Publishing and unpublishing by hand, schedules and ticks are what the property is about: drawn more often.
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('save' as const),
      user,
      article,
      change: fc.constantFrom('title' as const, 'time' as const, 'none' as const),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('state' as const),
      user,
      article,
      value: fc.constantFrom(0 as const, 1 as const, 4 as const, -2 as const),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('state' as const),
      user: approverName,
      article,
      value: fc.constantFrom(0 as const, 1 as const),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('restore' as const), user, article }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('schedule' as const), user, article }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('schedule' as const), user: approverName, article }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('revision' as const), user, article }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('bulk' as const),
      user,
      action: fc.constantFrom('approve' as const, 'unpublish' as const, 'trash' as const, 'restore' as const),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('tick' as const), article }), weight: 4 },
);

/** The sequences users met, run before the random ones (article 0 is the submitter's, 1 the admin's). */
const EXAMPLES: Array<[Command[]]> = [
  // A draft with a start time, approved and pulled by an approver, then the clock passes its start.
  [
    [
      { kind: 'state', user: 'approver', article: 1, value: 1 },
      { kind: 'state', user: 'approver', article: 1, value: 0 },
      { kind: 'tick', article: 1 },
    ],
  ],
  // An approver sets the time on the submitter's Unpublished article; the submitter rewrites it; the clock passes.
  [
    [
      { kind: 'state', user: 'admin', article: 0, value: 1 },
      { kind: 'state', user: 'admin', article: 0, value: 0 },
      { kind: 'save', user: 'admin', article: 0, change: 'time' },
      { kind: 'schedule', user: 'admin', article: 0 },
      { kind: 'save', user: 'submitter', article: 0, change: 'title' },
      { kind: 'tick', article: 0 },
    ],
  ],
  // Scheduled, then trashed and brought back, or published by hand and pulled, before the clock passes.
  [
    [
      { kind: 'schedule', user: 'approver', article: 0 },
      { kind: 'bulk', user: 'admin', action: 'trash' },
      { kind: 'bulk', user: 'admin', action: 'restore' },
      { kind: 'schedule', user: 'approver', article: 1 },
      { kind: 'bulk', user: 'approver', action: 'approve' },
      { kind: 'bulk', user: 'approver', action: 'unpublish' },
      { kind: 'tick', article: 0 },
      { kind: 'tick', article: 1 },
    ],
  ],
  // Scheduled and left alone: it goes out.
  [
    [
      { kind: 'schedule', user: 'approver', article: 0 },
      { kind: 'tick', article: 0 },
    ],
  ],
];

/** 'YYYY-MM-DD HH:mm:ss' in UTC, how the editor sends publish times. */
function utcText(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Armed as far as the model knows: true, false, or null (a restore may or may not have changed the content). */
type Armed = boolean | null;

describeEachDatabase('publishing by the clock, as a property', (ctx) => {
  const tokens = {} as Record<User, string>;
  let form: Record<string, unknown>;

  beforeAll(async () => {
    for (const name of USERS) tokens[name] = await ctx.login(name);
    const cats = await categories(ctx);
    const image = await upload(ctx, tokens.submitter, 'Property photo');
    form = {
      text: '<p>Body</p>',
      catid: cats.main,
      topics: [cats.main],
      main_category_id: cats.main,
      images: [{ id: image.id, description: 'Property photo' }],
    };
  });

  const ahead = (hours: number) => utcText(new Date(Date.now() + hours * 3600_000));

  async function stored(id: number) {
    return ctx.app.db
      .selectFrom('articles')
      .select(['state', 'version', 'title', 'publish_up', 'publish_up_pending'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** Releases the edit lock a save took, so the next user's save is not refused for it. */
  async function release(id: number, name: User) {
    await postJson(ctx, tokens[name], `/api/portal/lock/${id}/release`);
  }

  async function save(id: number, name: User, change: 'title' | 'time' | 'none'): Promise<boolean> {
    const now = await stored(id);
    const publishUp = now.publish_up ? utcText(new Date(now.publish_up)) : '';
    const fields = {
      ...form,
      id,
      version: now.version,
      title: change === 'title' ? `${now.title.split(' #')[0]} #${Math.random().toString(36).slice(2, 8)}` : now.title,
      publish_up: change === 'time' ? ahead(30 + Math.floor(Math.random() * 10)) : publishUp,
    };
    const response = await saveForm(ctx, tokens[name], fields);
    await release(id, name);
    return response.statusCode === 200;
  }

  async function run(commands: Command[]): Promise<void> {
    const ids: number[] = [];
    for (let i = 0; i < ARTICLES; i += 1) {
      const owner: User = i === 0 ? 'submitter' : 'admin';
      const created = await saveForm(ctx, tokens[owner], { ...form, id: 0, title: `Property ${i}`, publish_up: ahead(24) });
      expect(created.statusCode).toBe(200);
      const { id } = body<{ id: number }>(created).data;
      await release(id, owner);
      ids.push(id);
    }
    const armed = new Map<number, Armed>(ids.map((id) => [id, false]));
    const disarm = (id: number) => armed.set(id, false);
    const steps: string[] = [];

    for (const step of commands) {
      steps.push(JSON.stringify(step));
      if (step.kind === 'bulk') {
        const response = await postJson(ctx, tokens[step.user], '/api/portal/articles/bulk', { ids, action: step.action });
        expect(response.statusCode).toBe(200);
        for (const result of body<{ results: Array<{ id: number; outcome: string }> }>(response).data.results) {
          if (result.outcome === 'done') disarm(result.id);
        }
        continue;
      }
      const id = ids[step.article]!;
      const approver = 'user' in step && APPROVERS.includes(step.user);
      switch (step.kind) {
        case 'save': {
          const before = await stored(id);
          const ok = await save(id, step.user, step.change);
          if (!ok || approver) break;
          const after = await stored(id);
          // A save that changed nothing of the content keeps what an approver decided.
          const changed = after.title !== before.title || String(after.publish_up) !== String(before.publish_up);
          if (changed) disarm(id);
          break;
        }
        case 'state': {
          const response = await postJson(ctx, tokens[step.user], '/api/portal/article/update', { id, field: 'state', value: step.value });
          if (response.statusCode === 200 && body(response).message !== 'No change') disarm(id);
          break;
        }
        case 'restore': {
          const response = await postJson(ctx, tokens[step.user], '/api/portal/article/restore', { id });
          if (response.statusCode === 200) disarm(id);
          break;
        }
        case 'schedule': {
          const response = await postJson(ctx, tokens[step.user], `/api/portal/article/${id}/schedule`, {
            version: (await stored(id)).version,
            publish_up: new Date(Date.now() + 24 * 3600_000).toISOString(),
          });
          if (response.statusCode === 200) armed.set(id, true);
          break;
        }
        case 'revision': {
          const first = await ctx.app.db
            .selectFrom('article_revisions')
            .select('id')
            .where('article_id', '=', id)
            .orderBy('version')
            .executeTakeFirstOrThrow();
          const response = await postJson(ctx, tokens[step.user], `/api/portal/article/${id}/revisions/${first.id}/restore`, {
            version: (await stored(id)).version,
          });
          await release(id, step.user);
          // The first revision may hold the content there is (then the schedule stays) or not.
          if (response.statusCode === 200 && armed.get(id) !== false) armed.set(id, null);
          break;
        }
        case 'tick': {
          // The clock reaches this article's publish_up; the mark stays as the writes left it (set again
          // after moving the time, as a trigger on the time may have recomputed it).
          const mark = (await stored(id)).publish_up_pending;
          await sql`update articles set publish_up = now() - interval '1 second' where id = ${id} and publish_up is not null`.execute(
            ctx.app.db,
          );
          await sql`update articles set publish_up_pending = ${mark} where id = ${id}`.execute(ctx.app.db);
          const before = await stored(id);
          const changes = await runDuePublishing(ctx.app.db);
          const published = changes.filter((change) => ids.includes(change.id) && change.actions.includes('publish'));
          for (const change of published) {
            if (armed.get(change.id) === false) throw new Error(`published without a standing schedule:\n${steps.join('\n')}`);
          }
          if (armed.get(id) === true && before.publish_up !== null) {
            expect(published.map((change) => change.id)).toContain(id);
            expect((await stored(id)).state).toBe(1);
          }
          for (const change of changes) disarm(change.id);
          break;
        }
      }
    }
  }

  it('the job publishes only what an approver scheduled on content an approver saw, and never after a manual decision', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 10 }), async (commands) => run(commands)),
      { numRuns: RUNS, seed: SEED, examples: EXAMPLES },
    );
  }, 180_000);
});
