// Issue 11, defect 14: state ids of the real data package (country-region-data) are up to 10 digits
// (Australian Capital Territory 1188452655). An article and an importer save the largest one and read
// it back; the locations routes answer it; anything wider than an id column is a clear 400.
import { allCountries } from 'country-region-data';
import { locations, stableId } from '../src/services/locations';
import { newArticleForm, saveForm } from './article-edit-fixtures';
import { body, describeEachDatabase } from './helpers';

type Data = Record<string, any>;

/** The package's state with the largest id, computed from the package itself (not from our table). */
function largestState(): { id: number; country: string; name: string } {
  let best = { id: 0, country: '', name: '' };
  for (const [, code, regions] of allCountries) {
    for (const [name, short] of regions) {
      const id = stableId(`${code}-${short && short !== 'undefined' ? short : name}`);
      if (id > best.id) best = { id, country: code, name };
    }
  }
  return best;
}

const LARGEST = largestState();
const ACT = locations.stateByCode('AU-ACT')!;
const PG_INTEGER_MAX = 2_147_483_647;

describe('state ids of the data package', () => {
  it('are up to 10 digits and fit the id columns (PostgreSQL integer)', () => {
    expect(String(LARGEST.id)).toHaveLength(10);
    expect(LARGEST.id).toBeLessThanOrEqual(PG_INTEGER_MAX);
    expect(ACT.state_id).toBe(1188452655);
    expect(locations.state(LARGEST.id)).toMatchObject({ country_code: LARGEST.country, state_name: LARGEST.name });
  });
});

describeEachDatabase('10-digit state ids', (ctx) => {
  let editor = '';
  let form: Data;
  let creatorId = 0;

  beforeAll(async () => {
    editor = await ctx.login('editor');
    form = await newArticleForm(ctx, editor, 'Lake Burley Griffin', 'Lake');
    creatorId = body<Array<{ id: number }>>(await ctx.get('/api/v2/portal/creators', editor)).data[0]!.id;
  });

  it.each([
    ['the largest state id of the package', () => ({ country_code: LARGEST.country, state_id: LARGEST.id })],
    ['Australian Capital Territory (1188452655)', () => ({ country_code: 'AU', state_id: ACT.state_id })],
  ])('an article saves %s and reads it back', async (_label, location) => {
    const saved = await saveForm(ctx, editor, { ...form, location: location() });
    expect(saved.statusCode).toBe(200);
    const read = body<Data>(await ctx.get(`/api/portal/article?id=${body<Data>(saved).data.id}`, editor)).data.article;
    expect(read.location).toEqual(location());
  });

  it('an importer saves the largest state id and reads it back', async () => {
    const defaults = {
      contentType: 'article',
      user: String(creatorId),
      mainCategory: '100',
      topics: [100],
      country: LARGEST.country,
      state: String(LARGEST.id),
    };
    const saved = await ctx.inject({
      method: 'POST',
      url: '/api/v2/portal/importer',
      headers: { authentication: editor },
      payload: { title: 'Wide ids', feed_url: 'https://example.com/rss.xml', plugin: 'rss', defaults: JSON.stringify(defaults) },
    });
    expect(saved.statusCode).toBe(200);
    const read = body<Data>(await ctx.get(`/api/v2/portal/importer/${body<Data>(saved).data.id}`, editor)).data;
    expect(read.defaults).toMatchObject({ country: LARGEST.country, state: String(LARGEST.id) });
  });

  it('the locations route answers the largest state id', async () => {
    const response = await ctx.get(`/api/v2/locations/states/${LARGEST.id}`, editor);
    expect(response.statusCode).toBe(200);
    expect(body<Data>(response).data).toMatchObject({ state_id: LARGEST.id, country_code: LARGEST.country });
  });

  it('refuses ids wider than an id column, and states not of the country, with 400', async () => {
    const tooWide = await saveForm(ctx, editor, { ...form, location: { country_code: 'AU', state_id: 9_999_999_999 } });
    expect(tooWide.statusCode).toBe(400);
    const notOfCountry = await saveForm(ctx, editor, { ...form, location: { country_code: 'DE', state_id: ACT.state_id } });
    expect(notOfCountry.statusCode).toBe(400);
    const importer = await ctx.inject({
      method: 'POST',
      url: '/api/v2/portal/importer',
      headers: { authentication: editor },
      payload: {
        title: 'Too wide',
        feed_url: 'https://example.com/rss.xml',
        plugin: 'rss',
        defaults: JSON.stringify({
          contentType: 'article',
          user: String(creatorId),
          mainCategory: '100',
          topics: [100],
          country: 'AU',
          state: '9999999999',
        }),
      },
    });
    expect(importer.statusCode).toBe(400);
    expect(body<Data>(importer).data).toMatchObject({ field: 'defaults.state' });
  });
});
