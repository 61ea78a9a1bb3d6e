import { apiCall } from './api';

/**
 * Creates an enabled RSS importer through the API as the token's user (schedule 2; its articles by
 * the first creator, in main category 100 with topics 100 and 109); its id.
 */
export async function createImporterThroughApi(
  apiUrl: string,
  token: string,
  importer: { title: string; feedUrl: string; published: boolean },
): Promise<number> {
  const creators = (await apiCall(apiUrl, 'GET', '/api/v2/portal/creators', undefined, token)).body.data as Array<{ id: number }>;
  const defaults = {
    contentType: 'article',
    user: String(creators[0]!.id),
    mainCategory: '100',
    topics: [100, 109],
    published: importer.published ? '1' : '0',
  };
  const created = await apiCall(
    apiUrl,
    'POST',
    '/api/v2/portal/importer',
    { title: importer.title, feed_url: importer.feedUrl, plugin: 'rss', schedule: '2', enabled: '1', defaults: JSON.stringify(defaults) },
    token,
  );
  if (created.status !== 200) throw new Error(`creating the importer failed (HTTP ${created.status}): ${created.body.message}`);
  return (created.body.data as { id: number }).id;
}
