// Shapes of the shared lookups' responses (spec sections 3 and 4). Defined here once for every
// front end; when contracts/schemas holds these responses, these become type-only re-exports of it.
export type { CategoryNode } from '../contracts/categoryTree';

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

export interface Country {
  country_code: string;
  country_name: string;
}

export interface CountryState {
  state_id: number;
  state_name: string;
}

/** The `upload` of POST /api/image. */
export interface UploadedImage {
  id: number;
  file_name: string;
  file_thumbnail: string;
  url: string;
  thumb_url: string;
  description: string;
}
