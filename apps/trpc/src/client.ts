import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import { MAX_BATCH_SIZE, TRPC_PREFIX } from './endpoint.js';
// Type-only, so the client bundle never loads server code.
import type { AppRouter } from './router.js';

/** How an int64 (`categoryId`) travels: a number while safe, decimal text beyond; `BigInt(v)` reads either. */
export type { Int64Wire } from './int64-wire.js';

export interface PetstoreClientOptions {
  /** The service's origin, such as https://petstore.example.com (no /trpc). */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof globalThis.fetch;
}

export type PetstoreClient = TRPCClient<AppRouter>;

/** A typed client. Calls made in the same tick go in one HTTP request, up to the server's limit. */
export function createPetstoreClient(options: PetstoreClientOptions): PetstoreClient {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${options.baseUrl.replace(/\/+$/, '')}${TRPC_PREFIX}`,
        headers: { authorization: `Bearer ${options.apiKey}` },
        maxItems: MAX_BATCH_SIZE,
        ...(options.fetch && { fetch: options.fetch }),
      }),
    ],
  });
}
