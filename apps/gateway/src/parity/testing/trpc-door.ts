import { createPetstoreClient } from '@petstore/trpc/client';
import { TRPCClientError } from '@trpc/client';
import { authorizationHeader, type Credential, type Door, type Outcome } from './door.js';

const KINDS: Record<string, Exclude<Outcome<unknown>, { ok: true }>['kind']> = {
  invalid_request: 'invalid_request',
  unauthorized: 'unauthorized',
  not_found: 'not_found',
  gone: 'gone',
};

/** The typed client a consumer would use; its fetch is wrapped only to send the credential under test. */
export function trpcDoor(baseUrl: string): Door {
  const client = (credential: Credential) =>
    createPetstoreClient({
      baseUrl,
      apiKey: 'replaced-below',
      fetch: (url, init) => {
        const headers = new Headers(init?.headers);
        headers.delete('authorization');
        for (const [name, value] of Object.entries(authorizationHeader(credential))) headers.set(name, value);
        return fetch(url, { ...init, headers });
      },
    });
  const settle = async <T>(call: () => Promise<T>): Promise<Outcome<T>> => {
    try {
      return { ok: true, value: await call() };
    } catch (error) {
      if (!(error instanceof TRPCClientError)) throw error;
      const data = error.data as { domainCode?: string; httpStatus?: number; code?: string } | undefined;
      const kind = KINDS[data?.domainCode ?? ''] ?? 'other';
      return { ok: false, kind, message: error.message, detail: `${data?.httpStatus} ${data?.code}` };
    }
  };
  return {
    name: 'tRPC',
    // The procedures' input types are the domain's; the parity suite deliberately sends wrong ones.
    list: (credential, input) => settle(() => client(credential).pets.list.query(input as never)),
    create: (credential, input) => settle(() => client(credential).pets.create.mutate(input as never)),
    get: (credential, id) => settle(() => client(credential).pets.get.query({ id } as never)),
  };
}
