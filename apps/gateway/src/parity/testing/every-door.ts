import type { Pet } from '@petstore/domain';
import { inject } from 'vitest';
import type { TestGateway } from '../../testing/start-gateway.js';
import type { WireRequest } from '../../testing/doors/doors.js';

/** The stores every parity suite runs on; the MongoDB one is skipped when no test database is up. */
export const PARITY_STORES = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: inject('mongodbUri') },
] as const;

/** Runs `run` at every door at once, its results keyed by door, so a difference names its door. */
export async function eachDoor<D extends { name: string }, T>(doors: readonly D[], run: (door: D) => Promise<T>): Promise<Record<string, T>> {
  return Object.fromEntries(await Promise.all(doors.map(async (door) => [door.name, await run(door)] as const)));
}

export const sameForEveryDoor = <T>(value: T): Record<string, T> => ({ rest: value, graphql: value, trpc: value });

/**
 * Every stored pet (of `status`, when given) in id order, read through the service's own pages
 * (which check the status): what a refused request must have left as it was.
 */
export async function storedPets(gw: TestGateway, status?: string): Promise<Pet[]> {
  const pets: Pet[] = [];
  let after: string | undefined;
  do {
    const page = await gw.runtime.pets.list({ limit: 100, after, ...(status && { status }) });
    pets.push(...page.pets);
    after = page.nextCursor;
  } while (after);
  return pets;
}

export interface WireAnswer {
  status: number;
  headers: Headers;
  /** The body as JSON when it is JSON, else its text (the published SDL, /docs); undefined when empty. */
  body: unknown;
}

/** Sends a door's request as written, with `headers` added (they win) and, when given, another body. */
export async function sendWire(
  gw: TestGateway,
  request: WireRequest,
  headers: Record<string, string> = {},
  body: string | Buffer | undefined = request.body,
): Promise<WireAnswer> {
  const response = await fetch(`${gw.baseUrl}${request.path}`, {
    method: request.method,
    headers: { ...request.headers, ...headers },
    ...(body !== undefined && { body }),
  });
  const text = await response.text();
  if (text === '') return { status: response.status, headers: response.headers, body: undefined };
  try {
    return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, headers: response.headers, body: text };
  }
}
