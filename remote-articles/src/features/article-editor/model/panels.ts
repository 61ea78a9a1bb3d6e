// The editor's panels, in their order, and those open when an article opens.
export const PANELS = [
  'content',
  'images',
  'categories',
  'tagsAuthors',
  'adsVideos',
  'event',
  'location',
  'references',
  'publishing',
  'planning',
  'preview',
] as const;
export type PanelKey = (typeof PANELS)[number];
export const OPEN_AT_START: string[] = ['content', 'images', 'categories'];
