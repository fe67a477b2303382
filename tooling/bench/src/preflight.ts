import type { LoadRequest } from './load.js';
import { LIST_SIZE } from './pets.js';
import type { Door, Expect, TargetSpec } from './target-spec.js';

export type Preflight = { kind: 'ok'; body: string } | { kind: 'not-mounted'; reason: string } | { kind: 'failed'; reason: string };

const DOOR_NAMES: Record<Door, string> = { baseline: 'baseline', rest: 'REST', graphql: 'GraphQL', trpc: 'tRPC' };

/**
 * Sends the target's request once and checks the answer before any load: a door of the gateway
 * that answers 404 on its own endpoint is not mounted yet (skipped); any other non-2xx, or an
 * answer without the expected pets, fails the run.
 */
export async function preflight(request: LoadRequest, target: Pick<TargetSpec, 'door' | 'expect' | 'entry'>): Promise<Preflight> {
  const { door, expect } = target;
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    ...(request.body !== undefined && { body: request.body }),
  });
  const text = await response.text();
  const what = `${request.method} ${new URL(request.url).pathname}`;
  if (response.status === 404 && target.entry === 'gateway' && (door === 'graphql' || door === 'trpc')) {
    return { kind: 'not-mounted', reason: `the ${DOOR_NAMES[door]} door is not mounted on the gateway yet (${what} answered 404)` };
  }
  if (response.status < 200 || response.status > 299) {
    return { kind: 'failed', reason: `${what} answered ${response.status}: ${text.slice(0, 300)}` };
  }
  const problem = checkBody(text, door, expect);
  return problem ? { kind: 'failed', reason: `${what}: ${problem}` } : { kind: 'ok', body: text };
}

/** Why the body is not what the target should answer, or undefined when it is. */
export function checkBody(text: string, door: Door, expect: Expect): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `the answer is not JSON: ${text.slice(0, 200)}`;
  }
  const payload = unwrap(body, door);
  if (typeof payload === 'string') return payload;
  if (expect === 'list') {
    if (!Array.isArray(payload.value)) return `expected a list of pets, got ${text.slice(0, 200)}`;
    if (payload.value.length !== LIST_SIZE) return `expected ${LIST_SIZE} pets, got ${payload.value.length}`;
    return undefined;
  }
  const pet = payload.value as { id?: unknown } | null;
  return pet && typeof pet === 'object' && pet.id !== undefined ? undefined : `expected a pet, got ${text.slice(0, 200)}`;
}

/**
 * The door's envelope removed: GraphQL's `data.pets` or `data.petsPage.pets`, tRPC's `result.data`
 * (of the first call, in a batch); or why it can't be.
 */
function unwrap(body: unknown, door: Door): { value: unknown } | string {
  const record = (body ?? {}) as Record<string, unknown>;
  if (door === 'graphql') {
    if (record['errors'] !== undefined) return `GraphQL errors: ${JSON.stringify(record['errors']).slice(0, 300)}`;
    const field = Object.values((record['data'] ?? {}) as Record<string, unknown>)[0];
    return { value: Array.isArray(field) ? field : (field as Record<string, unknown> | undefined)?.['pets'] };
  }
  if (door === 'trpc') {
    const call = (Array.isArray(body) ? (body[0] as unknown) : body) as Record<string, unknown> | undefined;
    const result = call?.['result'] as Record<string, unknown> | undefined;
    if (!result) return `no tRPC result: ${JSON.stringify(body).slice(0, 300)}`;
    return { value: result['data'] };
  }
  return { value: body };
}
