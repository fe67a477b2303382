export { createPetstoreRestClient, type ApiError, type PetStatus, type PetstoreRestClient, type PetstoreRestClientOptions } from './client.js';
export type { NewPet, Pet, PetstorePaths } from './exact-types.js';
export type { Int64Input } from './int64.js';
export { nextCursor, pagesOfPets, PetstoreApiError, type PageQuery } from './paging.js';
export type { components, operations, paths } from './generated/openapi.js';
