// The article editor's API (issue 5): GET/POST /api/portal/article with every field of "Article edit",
// save → reload → duplicate → submit round trips, the version conflict, the edit lock and its take-over,
// rights on the server, and bad input. Runs on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { locations } from '../src/services/locations';
import { userId } from './articles-fixtures';
import { categories, loginAs, makeUser, postJson, saveForm, upload } from './article-edit-fixtures';
import { body, describeEachDatabase, type TestContext } from './helpers';

type Data = Record<string, any>;

const REFERENCE_FIELDS = [
  'references_at_source',
  'use_source_link',
  'videos_at_source',
  'reference_source',
  'reference_date',
  'reference_url',
];

async function open(ctx: TestContext, token: string, id: number) {
  const response = await ctx.get(`/api/portal/article?id=${id}`, token);
  return { status: response.statusCode, ...body<Data>(response) };
}

describeEachDatabase('article editor', (ctx) => {
  const tokens: Record<string, string> = {};
  let cats: { main: number; other: number; secondMain: number };
  let fixtures: { images: number[]; tag: Data; author: Data; ad: number; video: Data; state: number };
  let form: Record<string, unknown>;
  // A test that steps the clock gives it back even when it fails.
  afterEach(() => jest.useRealTimers());

  beforeAll(async () => {
    for (const user of ['admin', 'editor', 'approver', 'submitter'] as const) tokens[user] = await ctx.login(user);
    await makeUser(ctx, 'reader', ['view_all_articles']);
    tokens.reader = await loginAs(ctx, 'reader');
    cats = await categories(ctx);
    const first = await upload(ctx, tokens.submitter!, 'First caption');
    const second = await upload(ctx, tokens.submitter!, 'Second caption');
    const tag = body<Data[]>(await postJson(ctx, tokens.submitter!, '/api/tag', { value: 'Harbour Festival' })).data[0]!;
    const author = body<Data>(await postJson(ctx, tokens.submitter!, '/api/author/newAuthor', { name: 'Kim Reporter' })).data;
    const ad = await ctx.app.db
      .insertInto('ads')
      .values({ subject: 'Summer sale', body: 'Everything half price', image: 'sale.png', image_url: 'https://shop.example/sale.png' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const video = body<Data>(
      await postJson(ctx, tokens.submitter!, '/api/image/video', { videoId: 'https://youtu.be/dQw4w9WgXcQ', title: 'Launch' }),
    ).data;
    const state = locations.stateByCode('AU-NSW')!.state_id;
    fixtures = { images: [first.id, second.id], tag, author, ad: ad.id, video, state };
    form = {
      id: 0,
      version: 0,
      title: 'Harbour festival opens',
      date: '2026-11-20 08:30:00',
      access: 2,
      featured: 0,
      newsletter: 0,
      text: '<p>Body <strong>text</strong><script>alert(1)</script><img src="x" onerror="alert(2)"></p><a href="https://example.org" target="_blank">more</a>',
      introtext: '<p onclick="steal()">The <em>intro</em></p><a href="javascript:alert(3)">x</a>',
      notes: "Check the quotes with the mayor's office.\n\nSecond paragraph <b>not html</b>",
      main_image: fixtures.images[1],
      images: [
        { id: fixtures.images[0], description: 'Crowd at the pier' },
        { id: fixtures.images[1], description: 'Fireworks over the bay' },
      ],
      references_at_source: '1',
      use_source_link: '0',
      videos_at_source: '1',
      reference_source: 'Harbour Times',
      reference_date: '2026-11-19',
      reference_url: 'https://harbour.example/story/1',
      topics: [cats.main, cats.other],
      main_category_id: cats.main,
      tags: [{ id: tag.id, title: tag.title }],
      authors: [{ id: author.id, name: author.name }],
      ads: [{ id: ad.id }],
      videos: [{ id: video.id, videoId: video.videoId, title: video.title }],
      event: {
        venue: 'Pier 1',
        date: '2026-12-01',
        start_time: '18:00',
        end_time_enabled: 1,
        end_date: '2026-12-01',
        end_time: '23:30',
        address: '1 Harbour Rd, Sydney',
        latitude: -33.85,
        longitude: 151.21,
        limit_number_of_attendees: 1,
        attendees_limit: 500,
        ticket_cost: 12.5,
        currency: 'AUD',
        enabled: 1,
        custom_payment_url: 'https://tickets.example/pier',
      },
      location: { country_code: 'AU', state_id: state },
      publish_up: '2026-11-21 06:00:00',
      publish_down: '2026-12-31 23:59:00',
    };
  });

  it('GET id=0 gives an empty new article (state 5, access 2, version 0) and no preview', async () => {
    const result = await open(ctx, tokens.submitter!, 0);
    expect(result.status).toBe(200);
    expect(result.data.article).toMatchObject({
      id: 0,
      state: 5,
      access: 2,
      version: 0,
      title: '',
      images: [],
      topics: [],
      event: null,
      location: null,
    });
    expect(result.data.html).toBe('');
    expect(result.data.topics).toEqual([]);
  });

  let articleId = 0;
  let version = 0;

  it('saves a new article with every field and reads every field back (sanitised)', async () => {
    const response = await saveForm(ctx, tokens.submitter!, form);
    expect(response.statusCode).toBe(200);
    const saved = body<{ id: number; version: number }>(response);
    expect(saved.message).toBe('Article saved');
    articleId = saved.data.id;
    version = saved.data.version;
    expect(articleId).toBeGreaterThan(0);

    const result = await open(ctx, tokens.submitter!, articleId);
    expect(result.status).toBe(200);
    const article = result.data.article;
    const submitterId = await userId(ctx, 'submitter');
    expect(article).toMatchObject({
      id: articleId,
      title: 'Harbour festival opens',
      date: '2026-11-20T08:30:00.000Z',
      catid: cats.main,
      state: 5,
      access: 2,
      featured: 0,
      newsletter: 0,
      notes: form.notes,
      main_image: fixtures.images[1],
      // The references come back as they were sent.
      ...Object.fromEntries(REFERENCE_FIELDS.map((key) => [key, form[key]])),
      topics: [cats.main, cats.other].sort((a, b) => a - b),
      tags: [{ id: fixtures.tag.id, title: 'Harbour Festival' }],
      authors: [{ id: fixtures.author.id, name: 'Kim Reporter' }],
      main_category_id: cats.main,
      ads: [
        {
          id: fixtures.ad,
          subject: 'Summer sale',
          body: 'Everything half price',
          image: 'sale.png',
          image_url: 'https://shop.example/sale.png',
        },
      ],
      videos: [{ id: fixtures.video.id, videoId: 'dQw4w9WgXcQ', title: 'Launch' }],
      event: form.event,
      location: { country_code: 'AU', state_id: fixtures.state },
      publish_up: '2026-11-21 06:00:00',
      publish_down: '2026-12-31 23:59:00',
      version,
      submitter: expect.any(String),
      created_by: submitterId,
    });
    expect(article.images.map((image: Data) => [image.id, image.description])).toEqual([
      [fixtures.images[0], 'Crowd at the pier'],
      [fixtures.images[1], 'Fireworks over the bay'],
    ]);
    expect(article.images[0]).toMatchObject({
      url: `/api/image/${fixtures.images[0]}`,
      thumb_url: `/api/image/${fixtures.images[0]}/thumb`,
    });
    expect(article.url).toMatch(new RegExp(`/${articleId}-harbour-festival-opens$`));
    // Sanitised on the server: the script, the handler and the javascript: URL are gone, the link got its rel.
    expect(article.text).toBe(
      '<p>Body <strong>text</strong><img src="x" /></p><a href="https://example.org" target="_blank" rel="noopener noreferrer">more</a>',
    );
    expect(article.introtext).toBe('<p>The <em>intro</em></p><a>x</a>');
    expect(result.data.topics).toEqual(article.topics);
    // The preview: main image (≤ 400px) with caption, title, intro, notes, authors, references.
    const html: string = result.data.html;
    expect(html).toContain(`<img src="/api/image/${fixtures.images[1]}"`);
    expect(html).toContain('max-height:400px');
    expect(html).toContain('<figcaption>Fireworks over the bay</figcaption>');
    expect(html).toContain('<h1 class="article-preview__title">Harbour festival opens</h1>');
    expect(html).toContain('<p>The <em>intro</em></p>');
    expect(html).toContain('Second paragraph &#60;b&#62;not html&#60;/b&#62;');
    expect(html).toContain('By Kim Reporter');
    expect(html).toContain('<a href="https://harbour.example/story/1" target="_blank" rel="noopener noreferrer">Harbour Times</a>');
    expect(html).not.toMatch(/script|onerror|onclick|javascript:/i);
    // The list shows the new draft with the main image's thumbnail.
    const list = body<Data[]>(await ctx.get('/api/portal/articles?limit=5', tokens.submitter!)).data;
    expect(list.find((item) => item.id === articleId)).toMatchObject({ thumb: `/api/image/${fixtures.images[1]}/thumb`, state: 5 });
  });

  it('saving the same input twice stores the same HTML and bumps the version each time', async () => {
    const first = await saveForm(ctx, tokens.submitter!, { ...form, id: articleId, version });
    expect(first.statusCode).toBe(200);
    expect(body<Data>(first).data).toEqual({ id: articleId, version: version + 1 });
    const textAfterFirst = (await open(ctx, tokens.submitter!, articleId)).data.article.text;
    const second = await saveForm(ctx, tokens.submitter!, { ...form, id: articleId, version: version + 1 });
    expect(body<Data>(second).data).toEqual({ id: articleId, version: version + 2 });
    version += 2;
    expect((await open(ctx, tokens.submitter!, articleId)).data.article.text).toBe(textAfterFirst);
  });

  it('absent array keys mean empty lists; a single value is a list of one; the first image becomes the main image', async () => {
    const leftOut = ['tags', 'authors', 'ads', 'videos', 'event', 'location'];
    const rest = Object.fromEntries(Object.entries(form).filter(([key]) => !leftOut.includes(key)));
    const response = await saveForm(ctx, tokens.submitter!, {
      ...rest,
      id: articleId,
      version,
      main_image: '',
      topics: cats.main,
      images: { id: fixtures.images[1], description: 'Only one' },
    });
    expect(response.statusCode).toBe(200);
    version = body<Data>(response).data.version;
    const article = (await open(ctx, tokens.submitter!, articleId)).data.article;
    expect(leftOut.map((key) => article[key])).toEqual([[], [], [], [], null, null]);
    expect(article).toMatchObject({ topics: [cats.main], main_image: fixtures.images[1] });
    expect(article.images).toHaveLength(1);
    // Restore the full article for the next tests.
    const restored = await saveForm(ctx, tokens.submitter!, { ...form, id: articleId, version });
    version = body<Data>(restored).data.version;
  });

  it('refuses a save based on an old version (409) with who changed it and when, and changes nothing', async () => {
    const bumped = await saveForm(ctx, tokens.submitter!, { ...form, id: articleId, version, title: 'Newer title' });
    expect(bumped.statusCode).toBe(200);
    const stale = await saveForm(ctx, tokens.submitter!, { ...form, id: articleId, version, title: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    const message = body(stale).message;
    expect(message).toMatch(
      /^This article was changed by .+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC after you opened it\. Your text is still in the form/,
    );
    expect(message).toContain(
      (await ctx.app.db.selectFrom('users').select('name').where('username', '=', 'submitter').executeTakeFirstOrThrow()).name,
    );
    version += 1;
    expect((await open(ctx, tokens.submitter!, articleId)).data.article).toMatchObject({ title: 'Newer title', version });
  });

  it('a change from the list (not the editor) also makes an old version stale, naming no wrong person', async () => {
    const approve = await postJson(ctx, tokens.approver!, '/api/portal/article/update', { id: articleId, field: 'access', value: 1 });
    expect(approve.statusCode).toBe(200);
    const stale = await saveForm(ctx, tokens.submitter!, { ...form, id: articleId, version });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).message).toMatch(/^This article was changed by someone else at /);
    version += 1;
    // access is now 1; the submitter (no set_access) saves it unchanged.
    const ok = await saveForm(ctx, tokens.submitter!, { ...form, id: articleId, version, access: 1 });
    expect(ok.statusCode).toBe(200);
    version += 1;
  });

  it('checks the rights of the flags: access/newsletter need set_access, featured feature_article', async () => {
    for (const change of [{ access: 2 }, { newsletter: 1 }, { featured: 1 }]) {
      const response = await saveForm(ctx, tokens.submitter!, { ...form, id: articleId, version, access: 1, ...change });
      expect(response.statusCode).toBe(403);
    }
    expect((await open(ctx, tokens.submitter!, articleId)).data.article.version).toBe(version);
  });

  it('edit lock: the opener holds it, others read and see who since when, cannot save (423); take-over needs edit_all_articles', async () => {
    await postJson(ctx, tokens.submitter!, `/api/portal/lock/${articleId}/release`);
    const mine = await open(ctx, tokens.submitter!, articleId);
    expect(mine.data.lock).toMatchObject({ mine: true, held_by: { id: await userId(ctx, 'submitter') } });
    expect(Date.parse(mine.data.lock.expires) - Date.parse(mine.data.lock.since)).toBeGreaterThanOrEqual(15 * 60_000 - 1000);

    const other = await open(ctx, tokens.editor!, articleId);
    expect(other.status).toBe(200);
    expect(other.data.lock.mine).toBe(false);
    expect(other.data.lock.held_by.id).toBe(await userId(ctx, 'submitter'));
    expect(other.data.article.title).toBe('Harbour festival opens');

    const blocked = await saveForm(ctx, tokens.editor!, { ...form, id: articleId, version, access: 1 });
    expect(blocked.statusCode).toBe(423);
    expect(body(blocked).message).toMatch(/^This article is being edited by .+ since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect((await postJson(ctx, tokens.editor!, `/api/portal/lock/${articleId}/renew`)).statusCode).toBe(423);

    // The approver may see but not edit it, and may not take the lock.
    expect((await postJson(ctx, tokens.approver!, `/api/portal/lock/${articleId}/take`)).statusCode).toBe(403);
    const taken = await postJson(ctx, tokens.editor!, `/api/portal/lock/${articleId}/take`);
    expect(taken.statusCode).toBe(200);
    expect(body(taken).message).toMatch(/^Lock taken over from /);
    expect(body<Data>(taken).data).toMatchObject({ mine: true, held_by: { id: await userId(ctx, 'editor') } });

    // Now the submitter is the one refused; the editor saves.
    const refused = await saveForm(ctx, tokens.submitter!, { ...form, id: articleId, version, access: 1 });
    expect(refused.statusCode).toBe(423);
    const saved = await saveForm(ctx, tokens.editor!, { ...form, id: articleId, version, access: 1, featured: 1 });
    expect(saved.statusCode).toBe(200);
    version = body<Data>(saved).data.version;
    // A release by someone who does not hold it does nothing; the holder's release frees it.
    expect(body(await postJson(ctx, tokens.submitter!, `/api/portal/lock/${articleId}/release`)).message).toBe('You did not hold the lock');
    const released = await postJson(ctx, tokens.editor!, `/api/portal/lock/${articleId}/release`);
    expect(body<Data>(released).data).toMatchObject({ held_by: null, mine: false });
    const renewed = await postJson(ctx, tokens.submitter!, `/api/portal/lock/${articleId}/renew`);
    expect(renewed.statusCode).toBe(200);
    expect(body<Data>(renewed).data.mine).toBe(true);
  });

  it('a lock without activity for the configured minutes is free again', async () => {
    await ctx.app.db
      .updateTable('article_locks')
      .set({ renewed_at: new Date(Date.now() - 16 * 60_000) })
      .where('article_id', '=', articleId)
      .execute();
    const opened = await open(ctx, tokens.editor!, articleId);
    expect(opened.data.lock).toMatchObject({ mine: true, held_by: { id: await userId(ctx, 'editor') } });
    await postJson(ctx, tokens.editor!, `/api/portal/lock/${articleId}/release`);
  });

  it('two editors opening a free article at once: exactly one gets the lock', async () => {
    const [a, b] = await Promise.all([open(ctx, tokens.editor!, articleId), open(ctx, tokens.admin!, articleId)]);
    expect([a.data.lock.mine, b.data.lock.mine].filter(Boolean)).toHaveLength(1);
    expect(a.data.lock.held_by.id).toBe(b.data.lock.held_by.id);
    const holder = a.data.lock.mine ? tokens.editor! : tokens.admin!;
    await postJson(ctx, holder, `/api/portal/lock/${articleId}/release`);
  });

  it("closing one tab of a user keeps the lock the same user's later-opened tab holds", async () => {
    // The clock steps instead of the test sleeping: only Date is faked (the database and the HTTP
    // injection keep their real timers).
    jest.useFakeTimers({
      now: new Date(),
      doNotFake: [
        'nextTick',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'hrtime',
        'performance',
      ],
    });
    const firstTab = await open(ctx, tokens.editor!, articleId);
    expect(firstTab.data.lock.mine).toBe(true);
    // Opened a second later in a second tab: the same user, the lock renewed.
    jest.setSystemTime(Date.now() + 1000);
    const secondTab = await open(ctx, tokens.editor!, articleId);
    expect(Date.parse(secondTab.data.lock.expires)).toBeGreaterThan(Date.parse(firstTab.data.lock.expires));
    const release = (expires: string) =>
      postJson(ctx, tokens.editor!, `/api/portal/lock/${articleId}/release?expires=${encodeURIComponent(expires)}`);

    // The first tab closes: the second still edits, so another user still sees it locked.
    const kept = await release(firstTab.data.lock.expires);
    expect(kept.statusCode).toBe(200);
    expect(body(kept).message).toBe('Lock kept: renewed since by another open editor of yours');
    expect((await open(ctx, tokens.admin!, articleId)).data.lock).toMatchObject({
      mine: false,
      held_by: { id: await userId(ctx, 'editor') },
    });

    // The second tab renews and then closes with its newest expiry: released.
    const renewed = body<Data>(await postJson(ctx, tokens.editor!, `/api/portal/lock/${articleId}/renew`)).data;
    const released = await release(renewed.expires);
    expect(body(released).message).toBe('Lock released');
    expect(body<Data>(released).data).toMatchObject({ held_by: null });

    expect((await postJson(ctx, tokens.editor!, `/api/portal/lock/${articleId}/release?expires=yesterday`)).statusCode).toBe(400);
    jest.useRealTimers();
  });

  it('duplicate (copy=1) makes a new draft owned by the caller with every field, leaving the original untouched', async () => {
    const before = (await open(ctx, tokens.approver!, articleId)).data.article;
    // The approver may set access (set_access) but not featured: a copy starts unfeatured like any new article (issue 11, defect 16).
    const response = await saveForm(ctx, tokens.approver!, { ...form, id: articleId, version: 0, copy: 1, access: 1, featured: 0 });
    expect(response.statusCode).toBe(200);
    expect(body(response).message).toBe('Article duplicated as a new draft');
    const copyId = body<Data>(response).data.id;
    expect(copyId).not.toBe(articleId);
    const copy = (await open(ctx, tokens.approver!, copyId)).data.article;
    const after = (await open(ctx, tokens.approver!, articleId)).data.article;
    expect(after).toEqual(before);
    const strip = (article: Data) => {
      const { id: _id, version: _version, state: _state, created_by: _by, submitter: _submitter, url: _url, ...rest } = article;
      return rest;
    };
    expect(strip(copy)).toEqual({ ...strip(before), featured: 0 });
    expect(copy).toMatchObject({ state: 5, created_by: await userId(ctx, 'approver'), version: 1 });
  });

  it('submit keeps every field (5 → 4), then the approver approves it', async () => {
    const before = (await open(ctx, tokens.submitter!, articleId)).data.article;
    const submitted = await postJson(ctx, tokens.submitter!, `/api/portal/article/${articleId}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(body(submitted).message).toBe('Article submitted');
    const after = (await open(ctx, tokens.submitter!, articleId)).data.article;
    expect(after).toEqual({ ...before, state: 4, version: before.version + 1 });
    const approved = await postJson(ctx, tokens.approver!, '/api/portal/article/update', { id: articleId, field: 'state', value: 1 });
    expect(approved.statusCode).toBe(200);
    expect((await open(ctx, tokens.submitter!, articleId)).data.article).toMatchObject({ state: 1, title: before.title });
    version = before.version + 2;
  });

  it('rights: a submitter cannot open or save another user’s article; without create_article nothing is created', async () => {
    const editorsArticle = await saveForm(ctx, tokens.editor!, { ...form, id: 0, version: 0 });
    const editorsId = body<Data>(editorsArticle).data.id;
    const opened = await open(ctx, tokens.submitter!, editorsId);
    expect(opened.status).toBe(403);
    const saved = await saveForm(ctx, tokens.submitter!, { ...form, id: editorsId, version: 1 });
    expect(saved.statusCode).toBe(403);
    expect(body(saved).message).toBe('You may only edit your own articles (or need the right to edit all articles)');
    const copied = await saveForm(ctx, tokens.submitter!, { ...form, id: editorsId, copy: 1 });
    expect(copied.statusCode).toBe(403);

    // A reader (view_all_articles only) may open it, takes no lock, and may neither create nor save.
    const read = await open(ctx, tokens.reader!, editorsId);
    expect(read.status).toBe(200);
    expect(read.data.lock.mine).toBe(false);
    expect((await open(ctx, tokens.reader!, 0)).status).toBe(403);
    const created = await saveForm(ctx, tokens.reader!, form);
    expect(created.statusCode).toBe(403);
    expect(body(created).message).toBe('You do not have the right to create articles');
    expect((await saveForm(ctx, tokens.reader!, { ...form, id: editorsId, version: 1 })).statusCode).toBe(403);
    expect((await saveForm(ctx, tokens.reader!, { ...form, id: editorsId, copy: 1 })).statusCode).toBe(403);
    // The editor (edit_all_articles) may save the submitter's article once the submitter closed it.
    await postJson(ctx, tokens.submitter!, `/api/portal/lock/${articleId}/release`);
    const byEditor = await saveForm(ctx, tokens.editor!, { ...form, id: articleId, version, access: 1, featured: 1 });
    expect(byEditor.statusCode).toBe(200);
    await postJson(ctx, tokens.editor!, `/api/portal/lock/${articleId}/release`);
  });

  it('takes a long text (200,000 non-ASCII letters, over 1 MiB encoded)', async () => {
    const text = `<p>${'ä'.repeat(200_000)}</p>`;
    const response = await saveForm(ctx, tokens.submitter!, { ...form, text });
    expect(response.statusCode).toBe(200);
    expect((await open(ctx, tokens.submitter!, body<Data>(response).data.id)).data.article.text).toBe(text);
    const tooLong = await saveForm(ctx, tokens.submitter!, { ...form, text: 'x'.repeat(500_001) });
    expect(body(tooLong)).toEqual({
      code: 400,
      data: { error: 'field_max_length', field: 'text', params: { field: 'text', limit: 500000 } },
      message: 'text must be at most 500000 characters long',
    });
  });

  it.each([
    ['a non-numeric id', { id: 'abc' }, 'id must be a whole number'],
    ['no title', { title: '  ' }, 'title is required'],
    ['no image', { images: [], main_image: '' }, 'Please add at least one image'],
    ['no main category', { main_category_id: '' }, 'Please select a main category'],
    ['a main category outside the topics', { topics: [999], main_category_id: 998 }, 'Please select a main category'],
    ['bad JSON in event', { event: '{"venue": "x",' }, 'event is not valid JSON'],
    ['an unknown event field', { event: { venue: 'x', colour: 'red' } }, 'event has an unknown property colour'],
    ['a latitude out of range', { event: { latitude: 91, longitude: 0 } }, 'event.latitude must be a number from -90 to 90'],
    ['an unknown author id', { authors: [{ id: 99999999, name: 'Ghost' }] }, 'Unknown author id 99999999'],
    ['an unknown tag id', { tags: [{ id: 88888888, title: 'x' }] }, 'Unknown tag id 88888888'],
    ['an unknown image id', { images: [{ id: 77777777, description: '' }], main_image: '' }, 'Unknown image id 77777777'],
    ['an unknown topic', { topics: [99999], main_category_id: 99999 }, 'Unknown category id 99999'],
    ['an unknown country', { location: { country_code: 'QQ', state_id: '' } }, 'Unknown country code QQ'],
    ['a bad reference date', { reference_date: '2026-02-30' }, 'reference_date must be a date (YYYY-MM-DD)'],
    ['a javascript: reference URL', { reference_url: 'javascript:alert(1)' }, 'reference_url must be a web address (http:// or https://)'],
    ['publish_down before publish_up', { publish_down: '2026-01-01 00:00:00' }, 'publish_down must be after publish_up'],
    ['access 4', { access: 4 }, 'access must be one of 1, 2, 3'],
    ['a title of 256 characters', { title: 'x'.repeat(256) }, 'title must be at most 255 characters long'],
    ['a main image outside the images', { main_image: 123456 }, 'main_image must be one of the article images'],
  ])('refuses %s with a clear 400', async (_name, change, message) => {
    const response = await saveForm(ctx, tokens.submitter!, { ...form, ...(change as Record<string, unknown>) });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      code: 400,
      data: expect.objectContaining({ error: expect.stringMatching(/^[a-z][a-z0-9_]*$/) }),
      message,
    });
  });

  it('accepts a country without a state (state_id empty or 0)', async () => {
    const response = await saveForm(ctx, tokens.submitter!, { ...form, location: { country_code: 'de', state_id: 0 } });
    expect(response.statusCode).toBe(200);
    const article = (await open(ctx, tokens.submitter!, body<Data>(response).data.id)).data.article;
    expect(article.location).toEqual({ country_code: 'DE', state_id: null });
  });

  it('refuses a state that belongs to another country', async () => {
    const response = await saveForm(ctx, tokens.submitter!, { ...form, location: { country_code: 'DE', state_id: fixtures.state } });
    expect(response.statusCode).toBe(400);
    expect(body(response).message).toBe(`State ${fixtures.state} is not a state of Germany`);
  });

  it('GET refuses a non-numeric id (400) and answers 404 for an unknown article', async () => {
    expect(body(await ctx.get('/api/portal/article?id=abc', tokens.editor!)).message).toBe('id must be a whole number');
    expect((await ctx.get('/api/portal/article?id=abc', tokens.editor!)).statusCode).toBe(400);
    expect((await ctx.get('/api/portal/article?id=99999999', tokens.editor!)).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: '/api/portal/article?id=1' })).statusCode).toBe(401);
    expect((await postJson(ctx, tokens.editor!, '/api/portal/lock/abc/renew')).statusCode).toBe(400);
    expect((await postJson(ctx, tokens.editor!, '/api/portal/lock/99999999/take')).statusCode).toBe(404);
  });
});
