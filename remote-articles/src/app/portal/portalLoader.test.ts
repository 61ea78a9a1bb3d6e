import { deferred, flush, ok, setupStub, type StubReply } from 'shared/test/stubServer';
import { screens } from '../../routes';
import { forgetPortalLookups, type PortalData } from './portalLoader';

// The screen itself is not under test here (its code loads alongside: shared's lazyScreen).
jest.mock('./PortalScreen', () => ({ PortalScreen: () => null }));

const LIST = '/api/portal/articles';
const LOOKUPS = ['/api/categories/tree', '/api/v2/portal/creators', '/api/v2/locations/countries'];

afterEach(() => forgetPortalLookups());

test("the portal's loader sends the list, categories, creators and countries at once", async () => {
  const server = setupStub();
  const answers = new Map([LIST, ...LOOKUPS].map((path) => [path, deferred<StubReply>()]));
  for (const [path, answer] of answers) server.on('get', path, () => answer.promise);

  const request = new Request('http://newsdesk.test/articles?page=1');
  const args = { request, params: {}, context: undefined } as unknown as Parameters<typeof screens.portal.loader>[0];
  const loaded = screens.portal.loader(args) as Promise<PortalData>;
  await flush();
  // All four are out before any has answered.
  expect(server.calls.map((call) => new URL(call.url ?? '', 'http://x').pathname).sort()).toEqual([LIST, ...LOOKUPS].sort());

  answers.get(LIST)!.resolve(ok([{ id: 7, title: 'Harbour' }], { total: 1 }));
  answers.get('/api/categories/tree')!.resolve(ok([{ id: 8, title: 'Root', subcategories: [] }]));
  answers.get('/api/v2/portal/creators')!.resolve(ok([{ id: 3, name: 'Sam Submitter' }]));
  answers.get('/api/v2/locations/countries')!.resolve(ok([{ code: 'AU', name: 'Australia' }]));
  const data = await loaded;
  expect(data.items.map((item) => item.id)).toEqual([7]);
  expect(data.lookups.categories.map((node) => node.id)).toEqual([8]);
  expect(data.lookups.creators).toEqual([{ id: 3, name: 'Sam Submitter' }]);
  expect(data.lookups.countries).toEqual([{ code: 'AU', name: 'Australia' }]);
});
