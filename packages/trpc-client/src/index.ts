export {
  createPetstoreClient,
  isPetstoreError,
  type ClientRouter,
  type PetstoreClient,
  type PetstoreClientOptions,
  type PetstoreError,
  type PetstoreErrorData,
  type PetstoreErrorShape,
} from '@petstore/trpc/client';
