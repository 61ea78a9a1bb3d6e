// Shapes of the article editor's API (spec section 3 "Article edit", "Event", "Author", "Ad",
// "Tag"; the contract of GET/POST /api/portal/article). Types only.

export interface ArticleImage {
  id: number;
  file_name: string;
  url: string;
  thumb_url: string;
  description: string;
}

export interface Tag {
  id: number;
  title: string;
}

export interface AuthorRef {
  id: number;
  name: string;
}

export interface Author extends AuthorRef {
  position: string;
  bio: string;
  /** Image URL. */
  image: string;
  /** Sent back with an update: a save of an older version is refused (409) with the current author. */
  version?: number;
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

export interface Country {
  country_code: string;
  country_name: string;
}

export interface CountryState {
  state_id: number;
  state_name: string;
}

export interface UploadedImage {
  id: number;
  file_name: string;
  file_thumbnail: string;
  url: string;
  thumb_url: string;
  description: string;
}


/** A node of GET /api/categories/tree (the federation contract type of shared). */
export type { CategoryNode } from 'shared';
