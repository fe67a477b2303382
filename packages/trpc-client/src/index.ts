export {
  createPetstoreClient,
  isPetstoreError,
  type ClientRouter,
  type Int64Wire,
  type NewPet,
  type Pet,
  type PetstoreClient,
  type PetstoreClientOptions,
  type PetstoreError,
  type PetstoreErrorData,
  type PetstoreErrorShape,
  type PetStatus,
} from '@petstore/trpc/client';
