import { request, type IncomingHttpHeaders } from 'node:http';
import { DomainError, fixedClock, UsageMeter, type PetStore } from '@petstore/domain';
import { createHttpShell } from '@petstore/http';
import { composeDoors } from '@petstore/runtime';
import type { RequestSummary, RequestTrace, SpanAttributes } from '@petstore/telemetry';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountGraphqlFromConfig } from './app.js';
import { startGraphqlService, type TestGraphql, type TestGraphqlSetup } from './testing/start-graphql.js';

/** What the request's trace recorded: the operation spans, and the request span's summary. */
interface Traced {
  operations: Array<{ name: string; attributes: SpanAttributes; failed?: string; ended: boolean }>;
  summary?: RequestSummary;
}

interface Answer {
  status: number;
  text: string;
  headers: IncomingHttpHeaders;
  traced: Traced;
}

/** A trace that records what the door does with it, injected where the HTTP shell would start one. */
function recordingTrace(traced: Traced): RequestTrace {
  return {
    traceId: '0'.repeat(32),
    spanId: '0'.repeat(16),
    within: (fn) => fn(),
    startOperation(name, attributes = {}) {
      const operation: Traced['operations'][number] = { name, attributes, ended: false };
      traced.operations.push(operation);
      return { within: (fn) => fn(), fail: (code) => (operation.failed = code), end: () => (operation.ended = true) };
    },
    end: (summary) => (traced.summary = summary),
  };
}

interface Door extends TestGraphql {
  traces: Traced[];
}

let door: Door | undefined;
afterEach(async () => {
  await door?.close();
  door = undefined;
});

async function startDoor(setup: TestGraphqlSetup = {}): Promise<Door> {
  const traces: Traced[] = [];
  const started = await startGraphqlService((runtime) => {
    // The runtime's own shell, but for a tracer that records each request's trace.
    const tracer = {
      start: () => {
        const record: Traced = { operations: [] };
        traces.push(record);
        return recordingTrace(record);
      },
    };
    const shell = createHttpShell({
      logger: runtime.logger,
      metrics: runtime.metrics,
      usage: new UsageMeter({ now: Date.now }),
      corsOrigins: [],
      https: false,
      tracer,
    });
    return composeDoors({ ...runtime, shell }, [mountGraphqlFromConfig]);
  }, setup);
  // Assigned, not spread: `logged` reads the service's log as it is then.
  door = Object.assign(started, { traces });
  return door;
}

/** POSTs with node:http rather than fetch, which would add an Accept header: without one is how many clients ask. */
async function post(to: Door, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = request(
      to.url,
      { method: 'POST', headers: { Authorization: `Bearer ${to.apiKey}`, 'Content-Type': 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
  const traced = to.traces.at(-1) as Traced;
  // The request span ends as the response closes, which the client may see first.
  await vi.waitFor(() => expect(traced.summary).toBeDefined());
  return { ...response, traced };
}

const beforeSunset = fixedClock(new Date('2026-06-01T12:00:00Z'));
const PETS = '{ pets { id name categoryId status } }';
const ADD = 'mutation Add($input: NewPetInput!) { addPet(input: $input) { id name categoryId status } }';

/** Each operation Apollo runs is reported and traced by the door's one plugin, from the document's one analysis. */
describe('the operation plugin', () => {
  it('names, traces and answers a list the same way the first time and every time after', async () => {
    const started = await startDoor({ clock: beforeSunset });
    await post(started, { query: ADD, variables: { input: { name: 'Wide', categoryId: '2', status: 'SOLD' } } });
    const [first, second] = [await post(started, { query: PETS }), await post(started, { query: PETS })];
    const text = `${JSON.stringify({ data: { pets: [{ id: '1', name: 'Wide', categoryId: '2', status: 'SOLD' }] } })}\n`;
    for (const answer of [first, second]) {
      expect(answer.text).toBe(text);
      expect(answer.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'content-length': String(text.length),
      });
      expect(answer.traced.operations).toEqual([
        {
          name: 'query pets',
          attributes: { 'graphql.operation.type': 'query', 'petstore.operation': 'pets', 'petstore.deprecated': undefined },
          ended: true,
        },
      ]);
      expect(answer.traced.summary?.name).toBe('GraphQL pets');
    }
  });

  it('answers each client with the media type it asked for', async () => {
    const started = await startDoor();
    const apolloClient4 = await post(started, { query: PETS }, { Accept: 'application/graphql-response+json,application/json;q=0.9' });
    const plain = await post(started, { query: PETS }, { Accept: 'application/json' });
    expect(apolloClient4.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('reports every root field, aliases and fragments followed, and marks the deprecated read', async () => {
    const started = await startDoor({ clock: beforeSunset });
    const aliased = await post(started, {
      query: '{ __typename first: pets(limit: 1) { key: id } ...F } fragment F on Query { page: petsPage(limit: 1) { nextCursor } }',
    });
    expect(aliased.traced.summary?.name).toBe('GraphQL __typename+pets+petsPage');
    const deprecated = await post(started, { query: '{ pet(id: "1") { name } }' });
    expect(JSON.parse(deprecated.text)).toEqual({ data: { pet: null } });
    expect(deprecated.traced.summary?.attributes).toMatchObject({ 'petstore.deprecated': true, 'petstore.operation': 'pet' });
    expect(deprecated.traced.operations[0]?.attributes).toMatchObject({ 'petstore.deprecated': true });
  });

  it('fails an operation span with the domain code of its first error', async () => {
    const started = await startDoor();
    const add = (name: string) => post(started, { query: ADD, variables: { input: { name, categoryId: '1' } } }, { 'Idempotency-Key': 'k-1' });
    await add('Ida');
    const conflict = await add('Other');
    expect(JSON.parse(conflict.text)).toMatchObject({ data: null, errors: [{ path: ['addPet'], extensions: { code: 'CONFLICT' } }] });
    expect(conflict.traced.operations[0]).toMatchObject({ name: 'mutation addPet', failed: 'conflict', ended: true });
    const unfit = await post(started, { query: 'query List($limit: Int) { pets(limit: $limit) { id } }', variables: { limit: 'ten' } });
    expect(unfit.status).toBe(400);
    expect(JSON.parse(unfit.text)).toMatchObject({ errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
    expect(unfit.traced.operations[0]).toMatchObject({ failed: 'invalid_request', ended: true });
  });

  it('traces each operation of a batch in its own span', async () => {
    const started = await startDoor();
    const batch = await post(started, [{ query: PETS }, { query: ADD, variables: { input: { name: 'Rex', categoryId: '1' } } }]);
    expect(batch.status).toBe(200);
    expect(batch.traced.operations.map(({ name, ended }) => ({ name, ended }))).toEqual([
      { name: 'query pets', ended: true },
      { name: 'mutation addPet', ended: true },
    ]);
    expect(batch.traced.summary?.name).toBe('GraphQL addPet+pets');
  });

  it('answers a failing store with 503 and Retry-After, or a masked internal error logged once per request', async () => {
    const failing = (error: Error): PetStore => {
      const fail = async (): Promise<never> => {
        throw error;
      };
      return { insert: fail, list: fail, get: fail };
    };
    const unavailable = await startDoor({
      store: failing(new DomainError('service_unavailable', 'the database is not reachable', { retryAfterSeconds: 7 })),
    });
    const refused = await post(unavailable, { query: PETS });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.traced.operations[0]).toMatchObject({ failed: 'service_unavailable', ended: true });
    await unavailable.close();
    const broken = await startDoor({ store: failing(new Error('db-7 is down')) });
    for (let sight = 0; sight < 2; sight += 1) {
      const masked = await post(broken, { query: ADD, variables: { input: { name: 'Rex', categoryId: '1' } } });
      expect(masked.status).toBe(200);
      expect(JSON.parse(masked.text)).toEqual({
        data: null,
        errors: [
          { message: 'internal error', locations: [{ line: 1, column: 38 }], path: ['addPet'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
        ],
      });
      expect(masked.traced.operations[0]).toMatchObject({ failed: 'internal_error', ended: true });
    }
    expect(broken.logged).toEqual([
      expect.objectContaining({ msg: 'unexpected error', door: 'graphql', path: ['addPet'] }),
      expect.objectContaining({ msg: 'unexpected error', door: 'graphql', path: ['addPet'] }),
    ]);
  });
});
