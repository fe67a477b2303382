export {
  createPetstoreRestClient,
  type ApiError,
  type NewPet,
  type Pet,
  type PetStatus,
  type PetstoreRestClient,
  type PetstoreRestClientOptions,
} from './client.js';
export { nextCursor, pagesOfPets, PetstoreApiError, type PageQuery } from './paging.js';
export type { components, operations, paths } from './generated/openapi.js';
