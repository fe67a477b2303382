/**
 * The same two operations (create a pet, list a page) through each door with plain fetch, as a
 * client in any language would send them, reduced to one outcome shape the tests compare.
 */
export type DoorName = 'rest' | 'graphql' | 'trpc';
export const DOORS: readonly DoorName[] = ['rest', 'graphql', 'trpc'];

export interface Outcome {
  status: number;
  headers: Headers;
  /** The created pet's id, or the listed ids, when the call succeeded. */
  ids: number[];
  nextCursor: string | undefined;
  /** The error's code as the door spells it (`service_unavailable`, `SERVICE_UNAVAILABLE`, …). */
  errorCode: string | undefined;
  body: unknown;
}

export interface NewPetBody {
  name: string;
  categoryId: number;
  status?: 'available' | 'pending' | 'sold';
}

export async function createPet(
  baseUrl: string,
  door: DoorName,
  key: string,
  pet: NewPetBody,
  headers: Record<string, string> = {},
): Promise<Outcome> {
  const auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers };
  if (door === 'rest') {
    const response = await fetch(`${baseUrl}/v1/pets`, { method: 'POST', headers: auth, body: JSON.stringify(pet) });
    const body = (await response.json()) as { id?: number; code?: string };
    return outcome(response, body, body.id === undefined ? [] : [body.id], undefined, body.code);
  }
  if (door === 'graphql') {
    const input = { name: pet.name, categoryId: String(pet.categoryId), ...(pet.status && { status: pet.status.toUpperCase() }) };
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ query: 'mutation ($input: NewPetInput!) { addPet(input: $input) { id } }', variables: { input } }),
    });
    const body = (await response.json()) as GraphqlBody<{ addPet: { id: string } }>;
    const id = body.data?.addPet.id;
    return outcome(response, body, id === undefined ? [] : [Number(id)], undefined, graphqlCode(body));
  }
  const response = await fetch(`${baseUrl}/trpc/pets.create`, { method: 'POST', headers: auth, body: JSON.stringify(pet) });
  const body = (await response.json()) as TrpcBody<{ id: number }>;
  const id = body.result?.data.id;
  return outcome(response, body, id === undefined ? [] : [id], undefined, body.error?.data?.code);
}

export async function listPets(
  baseUrl: string,
  door: DoorName,
  key: string,
  after?: string,
  headers: Record<string, string> = {},
): Promise<Outcome> {
  const auth = { Authorization: `Bearer ${key}`, ...headers };
  if (door === 'rest') {
    const query = new URLSearchParams({ limit: '100', ...(after && { after }) });
    const response = await fetch(`${baseUrl}/v1/pets?${query.toString()}`, { headers: auth });
    const body = (await response.json()) as Array<{ id: number }> | { code: string };
    const next = /[?&]after=([^&>]+)/.exec(response.headers.get('link') ?? '')?.[1];
    return Array.isArray(body)
      ? outcome(response, body, body.map((pet) => pet.id), next && decodeURIComponent(next), undefined)
      : outcome(response, body, [], undefined, body.code);
  }
  if (door === 'graphql') {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: 'query ($after: String) { petsPage(limit: 100, after: $after) { pets { id } nextCursor } }',
        variables: { after: after ?? null },
      }),
    });
    const body = (await response.json()) as GraphqlBody<{ petsPage: { pets: Array<{ id: string }>; nextCursor: string | null } }>;
    const page = body.data?.petsPage;
    return outcome(response, body, page?.pets.map((pet) => Number(pet.id)) ?? [], page?.nextCursor ?? undefined, graphqlCode(body));
  }
  const input = encodeURIComponent(JSON.stringify({ limit: 100, ...(after && { after }) }));
  const response = await fetch(`${baseUrl}/trpc/pets.page?input=${input}`, { headers: auth });
  const body = (await response.json()) as TrpcBody<{ pets: Array<{ id: number }>; nextCursor: string | null }>;
  const page = body.result?.data;
  return outcome(response, body, page?.pets.map((pet) => pet.id) ?? [], page?.nextCursor ?? undefined, body.error?.data?.code);
}

/** Every id the door lists, walking the pages with the cursor. */
export async function listAll(baseUrl: string, door: DoorName, key: string): Promise<number[]> {
  const ids: number[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await listPets(baseUrl, door, key, after);
    if (page.status !== 200) throw new Error(`listing through ${door} answered ${page.status}: ${JSON.stringify(page.body)}`);
    ids.push(...page.ids);
    if (!page.nextCursor) return ids;
    after = page.nextCursor;
  }
}

interface GraphqlBody<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}
interface TrpcBody<T> {
  result?: { data: T };
  error?: { message: string; data?: { code?: string } };
}

function graphqlCode(body: GraphqlBody<unknown>): string | undefined {
  return body.errors?.[0]?.extensions?.code;
}

function outcome(
  response: Response,
  body: unknown,
  ids: number[],
  nextCursor: string | undefined,
  errorCode: string | undefined,
): Outcome {
  return { status: response.status, headers: response.headers, ids, nextCursor, errorCode, body };
}
