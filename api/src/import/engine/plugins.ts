/**
 * Feed plugins an importer can use. The id is stored in importers.plugin; the
 * engine picks the parser by it ('feed' sniffs the format from the body).
 */
export const FEED_PLUGINS = [
  { id: 'feed', title: 'Any feed (auto-detect)' },
  { id: 'rss', title: 'RSS 0.9x / 2.0' },
  { id: 'rdf', title: 'RSS 1.0 (RDF)' },
  { id: 'atom', title: 'Atom 0.3 / 1.0' },
  { id: 'jsonfeed', title: 'JSON Feed 1.x' },
] as const;

export type FeedPluginId = (typeof FEED_PLUGINS)[number]['id'];

export const FEED_PLUGIN_IDS: readonly FeedPluginId[] = FEED_PLUGINS.map((p) => p.id);

export function isFeedPluginId(value: unknown): value is FeedPluginId {
  return typeof value === 'string' && (FEED_PLUGIN_IDS as readonly string[]).includes(value);
}
