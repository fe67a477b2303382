import { createPetstoreClient, type Int64Wire } from '@petstore/trpc/client';
import { TRPCClientError } from '@trpc/client';
import { authorizationHeader, type Credential, type Door, type Outcome, type ParityPet } from './door.js';

const KINDS: Record<string, Exclude<Outcome<unknown>, { ok: true }>['kind']> = {
  invalid_request: 'invalid_request',
  unauthorized: 'unauthorized',
  not_found: 'not_found',
  gone: 'gone',
};

/** The typed client a consumer would use; its fetch is wrapped only to send the credential under test. */
/** tRPC's int64 wire form: a number while safe, decimal text beyond (see apps/trpc/src/int64-wire.ts). */
const toWire = (value: unknown) => (typeof value === 'bigint' ? String(value) : value);

type TrpcPet = Omit<ParityPet, 'categoryId'> & { categoryId: Int64Wire };
const common = (pet: TrpcPet): ParityPet => ({ ...pet, categoryId: String(pet.categoryId) });
const fromTrpc = (outcome: Outcome<TrpcPet>): Outcome<ParityPet> => (outcome.ok ? { ok: true, value: common(outcome.value) } : outcome);

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
    list: async (credential, input) => {
      const outcome = await settle(() => client(credential).pets.list.query(input as never));
      return outcome.ok ? { ok: true, value: outcome.value.map(common) } : outcome;
    },
    create: async (credential, input) =>
      fromTrpc(await settle(() => client(credential).pets.create.mutate({ ...input, categoryId: toWire(input['categoryId']) } as never))),
    get: async (credential, id) => fromTrpc(await settle(() => client(credential).pets.get.query({ id: toWire(id) } as never))),
  };
}
