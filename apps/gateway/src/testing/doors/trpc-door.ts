import { createPetstoreClient, isPetstoreError, type Int64Wire, type PetstoreClient } from '@petstore/trpc/client';
import {
  type Answer,
  type AnswerValue,
  authorizationHeader,
  type CommonPet,
  type Credential,
  type Door,
  type ErrorKind,
  type ExtraHeaders,
  idsOf,
  JSON_TYPE,
  type Page,
  type WireDoor,
} from './door.js';

const KINDS: Record<string, ErrorKind> = {
  invalid_request: 'invalid_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  not_found: 'not_found',
  gone: 'gone',
};

/** tRPC's int64 wire form: a number while safe, decimal text beyond (see apps/trpc/src/int64-wire.ts). */
const toWire = (value: unknown) => (typeof value === 'bigint' ? String(value) : value);

type TrpcPet = Omit<CommonPet, 'categoryId'> & { categoryId: Int64Wire };
const common = (pet: TrpcPet): CommonPet => ({ ...pet, categoryId: String(pet.categoryId) });

type Exchange = Pick<Answer<CommonPet>, 'status' | 'headers' | 'body'>;

/**
 * The typed client a consumer would use, one per call so that no two calls share a batch; its
 * fetch is wrapped only to send the credential and headers under test and to keep the exchange.
 */
export function trpcDoor(baseUrl: string): Door {
  const call = async <T extends AnswerValue>(
    credential: Credential,
    headers: ExtraHeaders,
    run: (client: PetstoreClient) => Promise<T>,
  ): Promise<Answer<T>> => {
    let exchange: Exchange | undefined;
    const client = createPetstoreClient({
      baseUrl,
      apiKey: 'replaced-below',
      fetch: async (url, init) => {
        const sent = new Headers(init?.headers);
        sent.delete('authorization');
        for (const [name, value] of Object.entries({ ...authorizationHeader(credential), ...headers })) sent.set(name, value);
        const response = await fetch(url, { ...init, headers: sent });
        const text = await response.clone().text();
        exchange = { status: response.status, headers: response.headers, body: parsed(text) };
        return response;
      },
    });
    try {
      const value = await run(client);
      return { ok: true, value, ...exchanged(exchange), errorCode: undefined, ids: idsOf(value) };
    } catch (error) {
      if (!isPetstoreError(error)) throw error;
      const { data } = error;
      const kind = KINDS[data?.domainCode ?? ''] ?? 'other';
      return {
        ok: false,
        kind,
        message: error.message,
        detail: `${data?.httpStatus} ${data?.code}`,
        ...exchanged(exchange),
        errorCode: data?.code,
        ids: [],
      };
    }
  };
  return {
    name: 'trpc',
    // The procedures' input types are the domain's; the parity suite deliberately sends wrong ones.
    list: (credential, input, headers = {}) =>
      call(credential, headers, async (client) => (await client.pets.list.query(input as never)).map(common)),
    page: (credential, input = {}, headers = {}) =>
      call(credential, headers, async (client): Promise<Page> => {
        const page = await client.pets.page.query(input as never);
        return { pets: page.pets.map(common), nextCursor: page.nextCursor ?? undefined };
      }),
    create: (credential, input, headers = {}) =>
      call(credential, headers, async (client) =>
        common(await client.pets.create.mutate({ ...input, categoryId: toWire(input['categoryId']) } as never)),
      ),
    get: (credential, id, headers = {}) =>
      call(credential, headers, async (client) => common(await client.pets.get.query({ id: toWire(id) } as never))),
  };
}

function exchanged(exchange: Exchange | undefined): Exchange {
  if (!exchange) throw new Error('the tRPC client answered without a request');
  return exchange;
}

/** The body as sent: JSON as parsed, anything else as text, for the client to judge. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const batchPath = (procedure: string, count: number) => `/trpc/${Array(count).fill(procedure).join(',')}?batch=1`;
const batchInput = (inputs: unknown[]) => JSON.stringify(Object.fromEntries(inputs.map((input, i) => [String(i), input])));

export const trpcWire: WireDoor = {
  name: 'trpc',
  maxOperations: 10,
  lists: (count) => ({
    method: 'GET',
    path: `${batchPath('pets.list', count)}&input=${encodeURIComponent(batchInput(Array(count).fill({ limit: 1 })))}`,
    headers: {},
  }),
  creates: (names) => ({
    method: 'POST',
    path: batchPath('pets.create', names.length),
    headers: JSON_TYPE,
    body: batchInput(names.map((name) => ({ name, categoryId: 1 }))),
  }),
  withNumber: (field, text, name = 'a number as sent') => {
    if (field === 'categoryId') {
      return { method: 'POST', path: '/trpc/pets.create', headers: JSON_TYPE, body: `{"name":${JSON.stringify(name)},"categoryId":${text}}` };
    }
    const procedure = field === 'limit' ? 'pets.list' : 'pets.get';
    return { method: 'GET', path: `/trpc/${procedure}?input=${encodeURIComponent(`{"${field}":${text}}`)}`, headers: {} };
  },
  // Queries are called with GET and mutations with POST, so a batch of both is refused for its method.
  mixed: (name) => [
    { method: 'POST', path: '/trpc/pets.list,pets.create?batch=1', headers: JSON_TYPE, body: batchInput([{ limit: 1 }, { name, categoryId: 1 }]) },
  ],
  errorCodes: (body) => {
    const answers = Array.isArray(body) ? body : [body];
    return answers.map((answer: { error?: { data?: { domainCode?: string } } }) => answer.error?.data?.domainCode);
  },
};
