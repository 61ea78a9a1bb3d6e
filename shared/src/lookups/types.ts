// Shapes of the shared lookups' responses (spec sections 3 and 4): the contracts' types, type-only.
export type { CategoryNode } from 'contracts/schemas/categories';
export type { Tag } from 'contracts/schemas/tags';
export type { Author, AuthorRef } from 'contracts/schemas/authors';
export type { Country, CountryState } from 'contracts/schemas/locations';
export type { UploadedImage } from 'contracts/schemas/images';
