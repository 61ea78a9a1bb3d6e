/**
 * The article parts of the seed:
 * - `seedDemoArticles`: the demo portal's 300 articles with authors, topics and tags, from a fixed
 *   pseudo-random sequence (same rows on every machine, so tests can rely on them);
 * - `seedBulkArticles`: a large generated data set (e.g. 1,000,000 rows) for benchmarks, built
 *   inside the database with INSERT … SELECT generate_series (PostgreSQL or PGlite).
 */
import { isMainCategory, ROOT_CATEGORY_ID } from 'contracts/rules/categories';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { usersRepository } from '../repositories/users';
import { DEMO_ADS, DEMO_ARTICLE_COUNT, DEMO_ARTICLES, DEMO_AUTHORS, DEMO_HEADLINES, DEMO_SENTENCES, DEMO_TAGS } from './demo-data';
import type { Database } from './schema';

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface CategoryInfo {
  id: number;
  parentId: number | null;
  /** URL path below the root, e.g. news/world/europe. */
  path: string;
  /** The main category (a child of 8 or 804) at or above it; null for the root. */
  mainId: number | null;
  /** The child of the root it belongs to (100 News, 200 Sport, …, 804 Local); null for the root. */
  sectionId: number | null;
}

/** The categories with their URL path, main category and section (from the categories table). */
export async function loadCategoryInfo(db: Kysely<Database>): Promise<Map<number, CategoryInfo>> {
  const rows = await db.selectFrom('categories').select(['id', 'parent_id', 'alias']).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const info = new Map<number, CategoryInfo>();
  for (const row of rows) {
    const chain: typeof rows = [];
    for (
      let node: (typeof rows)[number] | undefined = row;
      node && chain.length < 20;
      node = node.parent_id === null ? undefined : byId.get(node.parent_id)
    ) {
      chain.unshift(node);
    }
    // chain: root … row
    const path = chain
      .filter((node) => node.id !== ROOT_CATEGORY_ID && node.parent_id !== null)
      .map((node) => node.alias)
      .join('/');
    const main = [...chain].reverse().find(isMainCategory);
    const section = chain.find((node) => node.parent_id === ROOT_CATEGORY_ID);
    info.set(row.id, { id: row.id, parentId: row.parent_id, path, mainId: main?.id ?? null, sectionId: section?.id ?? null });
  }
  return info;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function weighted<T>(random: () => number, choices: ReadonlyArray<readonly [T, number]>): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (choices[choices.length - 1] as readonly [T, number])[0];
}

/** Demo articles are dated back from the hour the demo is seeded. */
function demoEpoch(): number {
  const now = new Date();
  now.setUTCMinutes(0, 0, 0);
  return now.getTime();
}

/** Who submits demo articles, and how often. */
const DEMO_SUBMITTERS: ReadonlyArray<readonly [string, number]> = [
  ['submitter', 40],
  ['editor', 25],
  ['approver', 20],
  ['admin', 15],
];
const STATE_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [1, 55],
  [0, 10],
  [4, 12],
  [5, 15],
  [-2, 8],
];
const TYPE_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ['article', 80],
  ['opinion', 7],
  ['video', 5],
  ['gallery', 5],
  ['sponsored', 3],
];

export interface DemoArticleSet {
  articles: Array<Record<string, unknown> & { id: number }>;
  authors: Array<{ article_id: number; author_id: number; ordering: number }>;
  topics: Array<{ article_id: number; category_id: number }>;
  tags: Array<{ article_id: number; tag_id: number; ordering: number }>;
}

/** The demo articles (ids 1..DEMO_ARTICLE_COUNT), their authors, topics and tags. Deterministic. */
export function buildDemoArticles(categories: Map<number, CategoryInfo>, userIds: Map<string, number>, epoch: number): DemoArticleSet {
  const random = prng(20_240_611);
  const set: DemoArticleSet = { articles: [], authors: [], topics: [], tags: [] };
  const used = new Set(DEMO_ARTICLES.map(([title]) => title));
  const sectionCategories = new Map<number, number[]>();
  for (const category of categories.values()) {
    if (category.sectionId === null || category.id === category.sectionId) continue;
    const list = sectionCategories.get(category.sectionId) ?? [];
    list.push(category.id);
    sectionCategories.set(category.sectionId, list);
  }
  const sections = Object.keys(DEMO_HEADLINES)
    .map(Number)
    .filter((id) => sectionCategories.has(id));

  for (let index = 0; index < DEMO_ARTICLE_COUNT; index += 1) {
    const id = index + 1;
    let title: string;
    let catid: number;
    const fixed = DEMO_ARTICLES[index];
    if (fixed) {
      [title, catid] = fixed;
    } else {
      const section = pick(random, sections);
      const { templates, fillers } = DEMO_HEADLINES[section] as { templates: string[]; fillers: string[] };
      do {
        const text = pick(random, templates).replace('{x}', pick(random, fillers));
        title = text.charAt(0).toUpperCase() + text.slice(1);
      } while (used.has(title));
      used.add(title);
      catid = pick(random, sectionCategories.get(section) as number[]);
    }
    const category = categories.get(catid);
    const state = weighted(random, STATE_WEIGHTS);
    const submitter = weighted(random, DEMO_SUBMITTERS);
    const date = new Date(epoch - (DEMO_ARTICLE_COUNT - index) * 7 * 3_600_000 - Math.floor(random() * 120) * 60_000);
    const intro = `<p>${title}. ${pick(random, DEMO_SENTENCES)}</p>`;
    const body = `${intro}\n<p>${pick(random, DEMO_SENTENCES)} ${pick(random, DEMO_SENTENCES)}</p>\n<p>This is demo content.</p>`;
    const type = weighted(random, TYPE_WEIGHTS);
    const wire = random() < 0.15;
    const hasEvent = category?.sectionId === 400 && random() < 0.3;
    set.articles.push({
      id,
      title,
      catid,
      main_category_id: category?.mainId ?? null,
      date,
      state,
      access: weighted(random, [
        [1, 15],
        [2, 75],
        [3, 10],
      ] as const),
      featured: state === 1 && random() < 0.2 ? 1 : 0,
      newsletter: random() < 0.2 ? 1 : 0,
      created_by: userIds.get(submitter) ?? null,
      url: `https://www.newsdesk.example/${category?.path || 'news'}/${id}-${slug(title)}`,
      introtext: intro,
      text: body,
      article_type: type,
      references_at_source: wire ? 1 : 0,
      use_source_link: wire && random() < 0.5 ? 1 : 0,
      videos_at_source: type === 'video' ? 1 : 0,
      reference_source: wire ? 'Newsdesk Wire' : '',
      reference_url: wire ? `https://wire.newsdesk.example/story/${100_000 + id}` : '',
      reference_date: wire ? new Date(date.getTime() - 30 * 60_000) : null,
      event: hasEvent
        ? JSON.stringify({
            venue: 'Town Hall',
            date: new Date(date.getTime() + 14 * 86_400_000).toISOString().slice(0, 10),
            start_time: '19:30',
            end_time_enabled: 0,
            enabled: 1,
            ticket_cost: '15.00',
            currency: 'EUR',
          })
        : null,
      publish_up: state === 1 ? date : null,
      created: date,
      modified: new Date(date.getTime() + Math.floor(random() * 180) * 60_000),
      version: 1 + Math.floor(random() * 4),
    });
    const first = 1 + Math.floor(random() * DEMO_AUTHORS.length);
    set.authors.push({ article_id: id, author_id: first, ordering: 0 });
    if (random() < 0.25) {
      const second = 1 + ((first + Math.floor(random() * (DEMO_AUTHORS.length - 1))) % DEMO_AUTHORS.length);
      set.authors.push({ article_id: id, author_id: second, ordering: 1 });
    }
    const topics = new Set([catid, ...(category?.mainId ? [category.mainId] : [])]);
    for (const topic of topics) set.topics.push({ article_id: id, category_id: topic });
    const tagCount = Math.floor(random() * 3);
    const tags = new Set<number>();
    while (tags.size < tagCount) tags.add(1 + Math.floor(random() * DEMO_TAGS.length));
    [...tags].forEach((tag, ordering) => set.tags.push({ article_id: id, tag_id: tag, ordering }));
  }
  return set;
}

async function resetSequence(db: Kysely<Database>, table: string): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(db);
}

async function insertChunks<T extends Record<string, unknown>>(
  rows: T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/**
 * Demo authors, tags and articles (fixed ids; existing rows are kept). Links are added only for
 * articles that exist, so a demo database where someone deleted an article still seeds.
 */
export async function seedDemoArticles(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('authors')
    .values(
      DEMO_AUTHORS.map((author, index) => ({
        id: index + 1,
        ...author,
        bio: `${author.name} is ${author.position.toLowerCase()} at Newsdesk.`,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await resetSequence(db, 'authors');
  await db
    .insertInto('tags')
    .values(DEMO_TAGS.map((title, index) => ({ id: index + 1, title })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await resetSequence(db, 'tags');
  await db
    .insertInto('ads')
    .values(DEMO_ADS.map((ad, index) => ({ id: index + 1, ...ad })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await resetSequence(db, 'ads');

  const users = await db.selectFrom('users').select(['id', 'username']).execute();
  const set = buildDemoArticles(await loadCategoryInfo(db), new Map(users.map((user) => [user.username, user.id])), demoEpoch());
  // Links go to the articles inserted now and to the first demo articles of seed version 1 (ids up to
  // DEMO_ARTICLES.length, which had none); never to an article someone else created meanwhile.
  const linked = new Set<number>();
  await insertChunks(set.articles, 100, async (chunk) => {
    const rows = await db
      .insertInto('articles')
      .values(chunk as never)
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    for (const row of rows) linked.add(row.id);
  });
  await resetSequence(db, 'articles');
  const first = await db.selectFrom('articles').select('id').where('id', '<=', DEMO_ARTICLES.length).execute();
  for (const row of first) linked.add(row.id);
  const keep = <T extends { article_id: number }>(rows: T[]) => rows.filter((row) => linked.has(row.article_id));
  await insertChunks(keep(set.authors), 500, (chunk) =>
    db
      .insertInto('article_authors')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  await insertChunks(keep(set.topics), 500, (chunk) =>
    db
      .insertInto('article_topics')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  await insertChunks(keep(set.tags), 500, (chunk) =>
    db
      .insertInto('article_tags')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
}

// ---------------------------------------------------------------------------------------------
// Bulk data for benchmarks
// ---------------------------------------------------------------------------------------------

/** app_meta key holding the generated count; the suffix changes with the generator, so old data is regenerated. */
const BULK_META_KEY = 'bulk_articles_v2';
/** Extra submitters (no password: they cannot sign in) so the user filter is selective. */
const BULK_WRITERS = 46;
const BULK_AUTHORS = 240;

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Cara',
  'Dev',
  'Eli',
  'Fay',
  'Gus',
  'Hana',
  'Ivo',
  'Jade',
  'Kai',
  'Lena',
  'Milo',
  'Nia',
  'Omar',
  'Pia',
  'Quin',
  'Rosa',
  'Sol',
  'Tara',
];
const LAST_NAMES = ['Adler', 'Berg', 'Costa', 'Dunn', 'Eze', 'Ford', 'Gray', 'Holm', 'Ito', 'Jovic', 'Kerr', 'Lund'];

/**
 * Title parts: "<subject> <verb> <town> <object> <tail>", each chosen by a hash of the row number, e.g.
 * "Council backs Ashford tunnel plan after long delays". Subjects, verbs, objects and tails are common
 * words (each in 2-5 % of the titles); the 300 towns are rarer (0.3 % each), like names in real news.
 */
const TOWN_STARTS = [
  'Ash',
  'Bright',
  'Cold',
  'Elm',
  'Fair',
  'Glen',
  'Hazel',
  'Kings',
  'Lake',
  'Mill',
  'North',
  'Oak',
  'Pine',
  'Queens',
  'Red',
  'Stone',
  'Thorn',
  'West',
  'Wil',
  'York',
];
const TOWN_ENDS = [
  'ford',
  'brook',
  'field',
  'haven',
  'mere',
  'ton',
  'wick',
  'bury',
  'dale',
  'gate',
  'wood',
  'port',
  'stead',
  'ridge',
  'holm',
];
const TOWNS = TOWN_STARTS.flatMap((start) => TOWN_ENDS.map((end) => `${start}${end}`));

const SUBJECTS = [
  'Council',
  'Ministers',
  'Regulators',
  'Researchers',
  'Residents',
  'Investors',
  'Doctors',
  'Teachers',
  'Farmers',
  'Engineers',
  'Lawmakers',
  'Unions',
  'Voters',
  'Scientists',
  'Economists',
  'Retailers',
  'Builders',
  'Nurses',
  'Students',
  'Pilots',
  'Fishermen',
  'Judges',
  'Mayors',
  'Startups',
  'Airlines',
  'Banks',
  'Hospitals',
  'Museums',
  'Orchestras',
  'Clubs',
  'Coaches',
  'Athletes',
  'Chefs',
  'Designers',
  'Developers',
  'Volunteers',
  'Police',
  'Firefighters',
  'Commuters',
  'Landlords',
];
const VERBS = [
  'back',
  'reject',
  'debate',
  'question',
  'welcome',
  'delay',
  'unveil',
  'review',
  'approve',
  'challenge',
  'fund',
  'expand',
  'cut',
  'pause',
  'defend',
  'launch',
  'test',
  'revive',
  'scrap',
  'rethink',
  'support',
  'criticise',
  'extend',
  'sign',
  'announce',
  'oppose',
  'plan',
  'explore',
  'finalise',
  'restore',
];
const OBJECTS = [
  'energy storage plan',
  'harbour tunnel',
  'school meals scheme',
  'rail timetable',
  'housing target',
  'water charges',
  'cycle network',
  'hospital wing',
  'tax relief',
  'flood barrier',
  'data protection rules',
  'wind farm',
  'night bus service',
  'library budget',
  'stadium upgrade',
  'airport expansion',
  'fishing quotas',
  'pension reform',
  'broadband rollout',
  'museum extension',
  'festival funding',
  'tram line',
  'recycling targets',
  'minimum wage',
  'childcare subsidy',
  'coastal defences',
  'solar subsidy',
  'vaccine programme',
  'startup fund',
  'heritage grant',
  'ferry contract',
  'parking charges',
  'noise rules',
  'food labelling',
  'carbon tax',
  'bridge repairs',
  'youth league',
  'concert hall',
  'farm payments',
  'speed limits',
  'drought measures',
  'chip factory',
  'research grant',
  'port upgrade',
  'literacy drive',
  'care homes review',
  'market reforms',
  'bank levy',
  'metro extension',
  'ocean survey',
];
const TAILS = [
  'in the capital',
  'across the region',
  'on the coast',
  'in the north',
  'in rural areas',
  'downtown',
  'after long delays',
  'despite protests',
  'amid rising costs',
  'ahead of the election',
  'for next year',
  'in a close vote',
  'after public consultation',
  'in landmark deal',
  'under new rules',
  'for the first time',
  'at the last minute',
  'after court ruling',
  'with strings attached',
  'as deadline looms',
];

function textArray(values: readonly string[]): RawBuilder<unknown> {
  return sql`array[${sql.join(values.map((value) => sql.lit(value)))}]::text[]`;
}

function intArray(values: readonly number[]): RawBuilder<unknown> {
  return sql`array[${sql.join(values.map((value) => sql.lit(Math.trunc(value))))}]::int[]`;
}

/** `(array)[1 + hash % n]`: a deterministic pick per row and salt. */
function pickSql(array: RawBuilder<unknown>, length: number, salt: number): RawBuilder<unknown> {
  return sql`(${array})[1 + ((hashint8extended(g, ${sql.lit(salt)}) & 1073741823) % ${sql.lit(length)})]`;
}

function rollSql(salt: number): RawBuilder<number> {
  return sql<number>`((hashint8extended(g, ${sql.lit(salt)}) & 1073741823) % 1000)`;
}

export interface BulkSeedOptions {
  /** Rows per INSERT statement. */
  chunk?: number;
  log?: (line: string) => void;
}

/** How many generated articles the database holds (app_meta), or 0. */
export async function bulkArticleCount(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', BULK_META_KEY).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/**
 * Replaces every article with `count` generated ones (ids 1..count), spread over all categories,
 * 50 submitters (the demo users plus generated writers without a password), 240+ authors, every
 * state (including a few "Other" ones), dated over ten years. Indexes are dropped during the load and
 * built again afterwards (from their own definitions), then the tables are vacuumed and analysed.
 * The article_counts triggers stay on, so the counts are exact.
 */
export async function seedBulkArticles(db: Kysely<Database>, count: number, options: BulkSeedOptions = {}): Promise<void> {
  const log = options.log ?? (() => undefined);
  const chunk = options.chunk ?? 100_000;
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

  for (let index = 1; index <= BULK_WRITERS; index += 1) {
    const number = String(index).padStart(2, '0');
    await usersRepository.createIfMissing(db, {
      username: `writer${number}`,
      name: `${pick(prng(index), FIRST_NAMES)} ${pick(prng(index * 7 + 3), LAST_NAMES)} (writer ${number})`,
      email: null,
      passwordHash: null,
      roles: ['submitter'],
    });
  }
  const authorNames = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`)).slice(0, BULK_AUTHORS);
  await sql`
    insert into authors (name, position)
    select n.name, 'Contributor' from unnest(${textArray(authorNames)}) as n(name)
    where not exists (select 1 from authors a where a.name = n.name)
  `.execute(db);

  const categories = [...(await loadCategoryInfo(db)).values()]
    .filter((category) => category.id !== ROOT_CATEGORY_ID)
    .sort((a, b) => a.id - b.id);
  const users = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((row) => row.id);
  const authors = (await db.selectFrom('authors').select('id').orderBy('id').execute()).map((row) => row.id);
  const catIds = intArray(categories.map((category) => category.id));
  const mainIds = intArray(categories.map((category) => category.mainId ?? category.id));
  const paths = textArray(categories.map((category) => category.path));

  await db.connection().execute(async (conn) => {
    await sql`set maintenance_work_mem = '256MB'`.execute(conn).catch(() => undefined);
    log(`Emptying articles (${elapsed()})`);
    await sql`truncate articles restart identity cascade`.execute(conn);
    await conn.deleteFrom('app_meta').where('key', '=', BULK_META_KEY).execute();

    const indexes = await sql<{ name: string; definition: string }>`
      select i.indexname as name, i.indexdef as definition
      from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in ('articles', 'article_authors', 'article_topics')
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
    `.execute(conn);
    for (const index of indexes.rows) await sql`drop index ${sql.id(index.name)}`.execute(conn);
    log(`Dropped ${indexes.rows.length} indexes for the load (${elapsed()})`);

    const span = 10 * 365 * 86_400; // ten years of articles, oldest first
    for (let from = 1; from <= count; from += chunk) {
      const to = Math.min(count, from + chunk - 1);
      await sql`
        insert into articles (id, title, catid, main_category_id, date, created, modified, state, access, featured,
          newsletter, created_by, url, introtext, text, article_type, version, references_at_source,
          reference_source, reference_url, publish_up)
        select g, t.title, c.catid, c.main_id, t.date, t.date, t.date + make_interval(mins => (${rollSql(11)} % 600)::int),
          t.state, t.access, t.featured, t.newsletter, t.created_by,
          'https://www.newsdesk.example/' || c.path || '/' || g || '-' || trim(both '-' from lower(regexp_replace(t.title, '[^a-zA-Z0-9]+', '-', 'g'))),
          '<p>' || t.title || '. ' || ${pickSql(textArray(DEMO_SENTENCES), DEMO_SENTENCES.length, 12)} || '</p>',
          '<p>' || t.title || '.</p><p>' || ${pickSql(textArray(DEMO_SENTENCES), DEMO_SENTENCES.length, 13)} || ' '
            || ${pickSql(textArray(DEMO_SENTENCES), DEMO_SENTENCES.length, 14)} || '</p>',
          case when ${rollSql(15)} < 800 then 'article' when ${rollSql(15)} < 870 then 'opinion'
               when ${rollSql(15)} < 920 then 'video' when ${rollSql(15)} < 970 then 'gallery' else 'sponsored' end,
          1 + (${rollSql(16)} % 4),
          case when ${rollSql(17)} < 150 then 1 else 0 end,
          case when ${rollSql(17)} < 150 then 'Newsdesk Wire' else '' end,
          case when ${rollSql(17)} < 150 then 'https://wire.newsdesk.example/story/' || g else '' end,
          case when t.state = 1 then t.date end
        from generate_series(${sql.lit(from)}::int, ${sql.lit(to)}::int) g
        cross join lateral (
          select 1 + ((hashint8extended(g, 1) & 1073741823) % ${sql.lit(categories.length)}) as k
        ) k
        cross join lateral (
          select (${catIds})[k.k] as catid, (${mainIds})[k.k] as main_id, (${paths})[k.k] as path
        ) c
        cross join lateral (
          select
            ${pickSql(textArray(SUBJECTS), SUBJECTS.length, 2)} || ' ' || ${pickSql(textArray(VERBS), VERBS.length, 3)} || ' '
              || ${pickSql(textArray(TOWNS), TOWNS.length, 23)} || ' ' || ${pickSql(textArray(OBJECTS), OBJECTS.length, 4)} || ' '
              || ${pickSql(textArray(TAILS), TAILS.length, 5)} as title,
            timestamptz '2016-01-01 00:00:00+00' + make_interval(secs => (g::double precision / ${sql.lit(count)}) * ${sql.lit(span)}) as date,
            case when ${rollSql(6)} < 600 then 1 when ${rollSql(6)} < 700 then 0 when ${rollSql(6)} < 800 then 4
                 when ${rollSql(6)} < 915 then 5 when ${rollSql(6)} < 995 then -2 else 2 end::smallint as state,
            case when ${rollSql(7)} < 150 then 1 when ${rollSql(7)} < 950 then 2 else 3 end::smallint as access,
            case when ${rollSql(8)} < 50 then 1 else 0 end::smallint as featured,
            case when ${rollSql(9)} < 100 then 1 else 0 end::smallint as newsletter,
            ${pickSql(intArray(users), users.length, 10)} as created_by
        ) t
      `.execute(conn);
      log(`Inserted articles ${from}..${to} (${elapsed()})`);
    }
    await sql`select setval(pg_get_serial_sequence('articles', 'id'), greatest(${sql.lit(count)}::int, 1))`.execute(conn);

    // One author for most articles, two for a quarter; topics are the category and its main category.
    await sql`
      insert into article_authors (article_id, author_id, ordering)
      select a.id, (${intArray(authors)})[1 + ((hashint8extended(a.id, 20) & 1073741823) % ${sql.lit(authors.length)})], 0 from articles a
      union all
      select a.id, (${intArray(authors)})[1 + (((hashint8extended(a.id, 20) & 1073741823) + 1 + (hashint8extended(a.id, 21) & 1073741823) % ${sql.lit(authors.length - 1)}) % ${sql.lit(authors.length)})], 1
      from articles a where (hashint8extended(a.id, 22) & 1073741823) % 4 = 0
    `.execute(conn);
    log(`Linked authors (${elapsed()})`);
    await sql`
      insert into article_topics (article_id, category_id)
      select id, catid from articles where catid is not null
      union
      select id, main_category_id from articles where main_category_id is not null
    `.execute(conn);
    log(`Linked topics (${elapsed()})`);

    for (const index of indexes.rows) {
      await sql.raw(index.definition).execute(conn);
      log(`Built ${index.name} (${elapsed()})`);
    }
    for (const table of ['articles', 'article_authors', 'article_topics', 'article_counts']) {
      await sql`vacuum analyze ${sql.table(table)}`.execute(conn);
    }
    log(`Vacuumed and analysed (${elapsed()})`);
    await conn
      .insertInto('app_meta')
      .values({ key: BULK_META_KEY, value: String(count) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(count) }))
      .execute();
  });
  log(`Seeded ${count} articles in ${elapsed()}`);
}
