// Content types an importer can give its articles (articles.article_type). A constant module
// rather than a table: the article portal knows exactly these kinds (the demo seed and the list's
// articleType use the same ids), and adding one is a code change anyway (rendering differs).
export const CONTENT_TYPES = [
  { id: 'article', name: 'Article' },
  { id: 'opinion', name: 'Opinion' },
  { id: 'video', name: 'Video' },
  { id: 'gallery', name: 'Gallery' },
  { id: 'podcast', name: 'Podcast' },
  { id: 'event', name: 'Event' },
  { id: 'sponsored', name: 'Sponsored' },
] as const;

export type ContentTypeId = (typeof CONTENT_TYPES)[number]['id'];

export function isContentType(value: unknown): value is ContentTypeId {
  return typeof value === 'string' && CONTENT_TYPES.some((type) => type.id === value);
}
