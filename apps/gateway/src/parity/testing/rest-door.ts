import { parseJsonText, stringifyJson } from '@petstore/http';
import { authorizationHeader, type Credential, type Door, type Outcome, type ParityPet } from './door.js';

const KINDS = new Map<number, Exclude<Outcome<unknown>, { ok: true }>['kind']>([
  [400, 'invalid_request'],
  [401, 'unauthorized'],
  [404, 'not_found'],
  [410, 'gone'],
]);

type RestPet = Omit<ParityPet, 'categoryId'> & { categoryId: number | bigint };

const common = (pet: RestPet): ParityPet => ({ ...pet, categoryId: String(pet.categoryId) });
const fromRest = (outcome: Outcome<RestPet>): Outcome<ParityPet> => (outcome.ok ? { ok: true, value: common(outcome.value) } : outcome);

export function restDoor(baseUrl: string): Door {
  const send = async <T>(credential: Credential, path: string, body?: unknown): Promise<Outcome<T>> => {
    const response = await fetch(`${baseUrl}/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...authorizationHeader(credential), ...(body !== undefined && { 'Content-Type': 'application/json' }) },
      ...(body !== undefined && { body: stringifyJson(body) }),
    });
    // Read as a client that keeps every digit of an int64 must read the body.
    const json = parseJsonText(await response.text());
    if (response.ok) return { ok: true, value: json as T };
    const error = json as { message: string; code: string };
    return { ok: false, kind: KINDS.get(response.status) ?? 'other', message: error.message, detail: `${response.status} ${error.code}` };
  };
  return {
    name: 'REST',
    list: async (credential, input) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(input)) if (value !== undefined) query.set(name, String(value));
      const outcome = await send<RestPet[]>(credential, `/pets?${query.toString()}`);
      return outcome.ok ? { ok: true, value: outcome.value.map(common) } : outcome;
    },
    create: async (credential, input) => fromRest(await send<RestPet>(credential, '/pets', input)),
    get: async (credential, id) => fromRest(await send<RestPet>(credential, `/pets/${id}`)),
  };
}
