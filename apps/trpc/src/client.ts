import { createTRPCClient, httpBatchLink, httpLink, type TRPCClient, type TRPCClientError, type TRPCProcedureOptions } from '@trpc/client';
import type { ClientRouter } from './client-router.js';
import { MAX_BATCH_SIZE, TRPC_PREFIX } from './endpoint.js';
import type { PetstoreErrorData } from './error-shape.js';
import type { SafeInt64 } from './safe-int64-literal.js';
import type { NewPet } from './wire-pet.js';

export type { ClientRouter } from './client-router.js';
export type { PetstoreErrorData, PetstoreErrorShape } from './error-shape.js';

/** How an int64 (`categoryId`) travels: a number while safe, decimal text beyond; `BigInt(v)` reads either. */
export type { Int64Wire } from './int64-wire.js';
/** A pet as the procedures answer it (`Pet`) and as `pets.create` takes it (`NewPet`); `PetStatus` is its status. */
export type { NewPet, Pet, PetStatus } from './wire-pet.js';

export interface PetstoreClientOptions {
  /** The service's origin, such as https://petstore.example.com (no /trpc). */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof globalThis.fetch;
  /**
   * Whether calls made in the same tick share one HTTP request (the default). With `false` each
   * call is a request of its own, which the server answers on a shorter path than a batch.
   */
  batch?: boolean;
}

type Procedures = TRPCClient<ClientRouter>['pets'];
type Create = Procedures['create'];

/**
 * `pets.create` as tRPC types it, but generic in its input so the compiler sees its literals: a
 * categoryId written as a number past 2^53 - 1 (rounded before it could be sent) and a field the
 * service does not take are refused at compile time, as the service would refuse them at run time.
 */
interface CheckedCreate extends Omit<Create, 'mutate'> {
  mutate<const Input extends NewPet & { categoryId: SafeInt64<Input['categoryId']> } & { [Field in Exclude<keyof Input, keyof NewPet>]: never }>(
    input: Input,
    opts?: TRPCProcedureOptions,
  ): ReturnType<Create['mutate']>;
}

export type PetstoreClient = Omit<TRPCClient<ClientRouter>, 'pets'> & { pets: Omit<Procedures, 'create'> & { create: CheckedCreate } };

/** What every failed call rejects with: `data.domainCode` is the code REST puts in its Error body. */
export type PetstoreError = TRPCClientError<ClientRouter>;

/** A typed client. Calls made in the same tick go in one HTTP request, up to the server's limit. */
export function createPetstoreClient(options: PetstoreClientOptions): PetstoreClient {
  const link = {
    url: `${options.baseUrl.replace(/\/+$/, '')}${TRPC_PREFIX}`,
    headers: { authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch && { fetch: options.fetch }),
  };
  return createTRPCClient<ClientRouter>({
    links: [options.batch === false ? httpLink(link) : httpBatchLink({ ...link, maxItems: MAX_BATCH_SIZE })],
  });
}

/**
 * Whether a rejection is a failed call of this service (`data` is absent when no answer came).
 * Checked by shape, not `instanceof TRPCClientError`: the error is built by whichever copy of
 * @trpc/client made the call, which need not be the copy the caller imports.
 */
export function isPetstoreError(error: unknown): error is PetstoreError {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message, data } = error as Record<string, unknown>;
  if (name !== 'TRPCClientError' || typeof message !== 'string') return false;
  return data === undefined || data === null || isErrorData(data);
}

function isErrorData(data: unknown): data is PetstoreErrorData {
  if (typeof data !== 'object' || data === null) return false;
  const { code, httpStatus } = data as Record<string, unknown>;
  return typeof code === 'string' && typeof httpStatus === 'number';
}
