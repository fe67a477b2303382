import { parseJsonText, stringifyJson } from '@petstore/http';
import {
  type Answer,
  type AnswerValue,
  authorizationHeader,
  type CommonPet,
  type Door,
  type ErrorKind,
  type ExtraHeaders,
  idsOf,
  JSON_TYPE,
  type ListInput,
  type WireDoor,
} from './door.js';

const KINDS = new Map<number, ErrorKind>([
  [400, 'invalid_request'],
  [401, 'unauthorized'],
  [403, 'forbidden'],
  [404, 'not_found'],
  [410, 'gone'],
]);

type RestPet = Omit<CommonPet, 'categoryId'> & { categoryId: number | bigint };

const common = (pet: RestPet): CommonPet => ({ ...pet, categoryId: String(pet.categoryId) });

/** REST /v1 with plain fetch, as a client in any language would call it. */
export function restDoor(baseUrl: string): Door {
  const send = async <T extends AnswerValue>(
    credential: Parameters<Door['list']>[0],
    path: string,
    headers: ExtraHeaders,
    toValue: (json: unknown, response: Response) => T,
    body?: unknown,
  ): Promise<Answer<T>> => {
    const response = await fetch(`${baseUrl}/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...authorizationHeader(credential), ...(body !== undefined && { 'Content-Type': 'application/json' }), ...headers },
      ...(body !== undefined && { body: stringifyJson(body) }),
    });
    // Read as a client that keeps every digit of an int64 must read the body.
    const json = parseJsonText(await response.text());
    const exchange = { status: response.status, headers: response.headers, body: json };
    if (response.ok) {
      const value = toValue(json, response);
      return { ok: true, value, ...exchange, errorCode: undefined, ids: idsOf(value) };
    }
    const error = json as { message: string; code: string };
    const kind = KINDS.get(response.status) ?? 'other';
    return { ok: false, kind, message: error.message, detail: `${response.status} ${error.code}`, ...exchange, errorCode: error.code, ids: [] };
  };
  const query = (input: ListInput): string => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(input)) if (value !== undefined) params.set(name, String(value));
    return params.toString();
  };
  return {
    name: 'rest',
    list: (credential, input, headers = {}) => send(credential, `/pets?${query(input)}`, headers, (json) => (json as RestPet[]).map(common)),
    page: (credential, input = {}, headers = {}) =>
      send(credential, `/pets?${query(input)}`, headers, (json, response) => {
        const next = /[?&]after=([^&>]+)/.exec(response.headers.get('link') ?? '')?.[1];
        return { pets: (json as RestPet[]).map(common), nextCursor: next && decodeURIComponent(next) };
      }),
    create: (credential, input, headers = {}) => send(credential, '/pets', headers, (json) => common(json as RestPet), input),
    get: (credential, id, headers = {}) => send(credential, `/pets/${id}`, headers, (json) => common(json as RestPet)),
  };
}

export const restWire: WireDoor = {
  name: 'rest',
  maxOperations: 1,
  lists: () => ({ method: 'GET', path: '/v1/pets?limit=1', headers: {} }),
  creates: ([name]) => ({ method: 'POST', path: '/v1/pets', headers: JSON_TYPE, body: JSON.stringify({ name, categoryId: 1 }) }),
  withNumber: (field, text, name = 'a number as sent') => {
    if (field === 'limit') return { method: 'GET', path: `/v1/pets?limit=${encodeURIComponent(text)}`, headers: {} };
    if (field === 'id') return { method: 'GET', path: `/v1/pets/${encodeURIComponent(text)}`, headers: {} };
    return { method: 'POST', path: '/v1/pets', headers: JSON_TYPE, body: `{"name":${JSON.stringify(name)},"categoryId":${text}}` };
  },
  mixed: () => [],
  errorCodes: (body) => [(body as { code?: string } | undefined)?.code],
};
