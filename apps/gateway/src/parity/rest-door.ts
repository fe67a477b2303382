import { authorizationHeader, type Credential, type Door, type Outcome, type ParityPet } from './door.js';

const KINDS = new Map<number, Exclude<Outcome<unknown>, { ok: true }>['kind']>([
  [400, 'invalid_request'],
  [401, 'unauthorized'],
  [404, 'not_found'],
  [410, 'gone'],
]);

export function restDoor(baseUrl: string): Door {
  const send = async <T>(credential: Credential, path: string, body?: unknown): Promise<Outcome<T>> => {
    const response = await fetch(`${baseUrl}/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...authorizationHeader(credential), ...(body !== undefined && { 'Content-Type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const json: unknown = await response.json();
    if (response.ok) return { ok: true, value: json as T };
    const error = json as { message: string; code: string };
    return { ok: false, kind: KINDS.get(response.status) ?? 'other', message: error.message, detail: `${response.status} ${error.code}` };
  };
  return {
    name: 'REST',
    list: (credential, input) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(input)) if (value !== undefined) query.set(name, String(value));
      return send(credential, `/pets?${query.toString()}`);
    },
    create: (credential, input) => send<ParityPet>(credential, '/pets', input),
    get: (credential, id) => send<ParityPet>(credential, `/pets/${id}`),
  };
}
