// Shapes of the article editor's API (spec section 3 "Article edit", "Event", "Author", "Ad",
// "Tag"; the contract of GET/POST /api/portal/article). Types only. The shared lookups' shapes
// (tags, authors, countries, states, uploaded images, category nodes) are shared's.
import type { AuthorRef, Tag } from 'shared';

export type { Author, AuthorRef, CategoryNode, Country, CountryState, Tag, UploadedImage } from 'shared';

export interface ArticleImage {
  id: number;
  file_name: string;
  url: string;
  thumb_url: string;
  description: string;
}

export interface Ad {
  id: number;
  subject: string;
  body: string;
  image: string;
  image_url: string;
}

export interface Video {
  id: number;
  videoId: string;
  title: string;
}

export interface ArticleEvent {
  venue: string;
  date: string;
  start_time: string;
  end_time_enabled: string | number | boolean;
  end_date: string;
  end_time: string;
  address: string;
  latitude: string | number | null;
  longitude: string | number | null;
  limit_number_of_attendees: string | number | boolean;
  attendees_limit: string | number | null;
  ticket_cost: string | number | null;
  currency: string;
  enabled: string | number | boolean;
  custom_payment_url: string;
}

export interface ArticleLocation {
  country_code: string;
  state_id: number | string | null;
}

/** "Article edit" as GET /api/portal/article returns it. */
export interface ArticleEdit {
  id: number;
  title: string;
  date: string;
  catid: number | null;
  state: number;
  access: number;
  featured: number;
  newsletter: number;
  text: string;
  introtext: string;
  notes: string;
  main_image: number | null;
  images: ArticleImage[];
  references_at_source: string;
  use_source_link: string;
  videos_at_source: string;
  reference_source: string;
  reference_date: string;
  reference_url: string;
  topics: number[];
  tags: Tag[];
  event: ArticleEvent | null;
  location: ArticleLocation | null;
  publish_up: string;
  publish_down: string;
  authors: AuthorRef[];
  main_category_id: number | null;
  ads: Ad[];
  videos: Video[];
  version: number;
  submitter?: string | null;
  created_by?: number | null;
  url?: string | null;
}

export interface EditLock {
  held_by: AuthorRef | null;
  since: string | null;
  mine: boolean;
  expires: string | null;
}

export interface ArticleEditData {
  article: ArticleEdit;
  topics: number[];
  html: string;
  lock: EditLock;
}

export interface SaveResult {
  id: number;
  version: number;
}


