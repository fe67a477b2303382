import { createHash } from 'node:crypto';
import { request, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { DomainError, fixedClock, type PetStore } from '@petstore/domain';
import { requestListener, requestReport } from '@petstore/http';
import type { RequestSummary, RequestTrace, SpanAttributes } from '@petstore/telemetry';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildGraphqlApp } from './app.js';
import type { GraphqlOptions } from './graphql-options.js';
import { startGraphqlService, type TestGraphql, type TestGraphqlSetup } from './testing/start-graphql.js';

/** A request as sent to both doors; `direct` says whether, once its document is known, it skips Apollo. */
interface Request {
  name: string;
  /** The JSON body; a string is sent as it is. */
  body: unknown;
  direct: boolean;
  headers?: Record<string, string>;
  /** The document it runs, when the body does not hold it (a trusted document's id). */
  document?: string;
  /** Refused by the envelope, before either path. */
  refused?: true;
}

const documentOf = (request: Request): unknown => request.document ?? (request.body as { query?: unknown }).query;

/** What the request's trace recorded: the operation spans, and the request span's summary. */
interface Traced {
  operations: Array<{ name: string; attributes: SpanAttributes; failed?: string; ended: boolean }>;
  summary?: RequestSummary;
}

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string>;
  traced: Traced;
  /** Whether Apollo's executeHTTPGraphQLRequest was called for it. */
  byApollo: boolean;
}

/** Headers that differ between any two responses (the request id, the date) or describe only the connection. */
const PER_RESPONSE = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding']);

/** A logged line without what differs between processes and moments. */
const logLine = ({ time, pid, hostname, ...line }: Record<string, unknown>) => ({
  ...line,
  time: typeof time,
  pid: typeof pid,
  hostname: typeof hostname,
});

const beforeSunset = fixedClock(new Date('2026-06-01T12:00:00Z'));

/** A trace that records what the door does with it, injected where the HTTP shell would start one. */
function recordingTrace(traced: Traced): RequestTrace {
  return {
    traceId: '0'.repeat(32),
    spanId: '0'.repeat(16),
    within: (fn) => fn(),
    startOperation(name, attributes = {}) {
      const operation: Traced['operations'][number] = { name, attributes, ended: false };
      traced.operations.push(operation);
      return {
        within: (fn) => fn(),
        fail: (code) => (operation.failed = code),
        end: () => (operation.ended = true),
      };
    },
    end: (summary) => (traced.summary = summary),
  };
}

interface Door extends TestGraphql {
  traces: Traced[];
}

async function startDoor(setup: TestGraphqlSetup, options: GraphqlOptions): Promise<Door> {
  const traces: Traced[] = [];
  const traced = (listener: RequestListener): RequestListener => {
    return (req, res) => {
      const record: Traced = { operations: [] };
      traces.push(record);
      requestReport(req).trace = recordingTrace(record);
      listener(req, res);
    };
  };
  const door = await startGraphqlService((runtime) => traced(requestListener(buildGraphqlApp(runtime, { ...setup.options, ...options }))), setup);
  return { ...door, traces };
}

const apollo = vi.spyOn(ApolloServer.prototype, 'executeHTTPGraphQLRequest');

/** POSTs with node:http rather than fetch, which would add an Accept header: without one is how many clients ask. */
function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function answerOf(door: Door, request: Request): Promise<Answer> {
  const calls = apollo.mock.calls.length;
  const response = await post(
    door.url,
    { Authorization: `Bearer ${door.apiKey}`, 'Content-Type': 'application/json', ...request.headers },
    typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
  );
  const { text } = response;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) if (!PER_RESPONSE.has(name)) headers[name] = String(value);
  const traced = door.traces.at(-1) as Traced;
  // The request span ends as the response closes, which the client may see first.
  await vi.waitFor(() => expect(traced.summary).toBeDefined());
  // Each door has a key of its own, and each request an id.
  const { 'petstore.request_id': requestId, 'petstore.key_id': keyId, ...attributes } = traced.summary?.attributes ?? {};
  expect([requestId, keyId]).toEqual([expect.any(String), expect.any(String)]);
  return {
    status: response.status,
    text,
    headers,
    traced: { ...traced, summary: { ...(traced.summary as RequestSummary), attributes } },
    byApollo: apollo.mock.calls.length > calls,
  };
}

/**
 * The direct path (direct-execution.ts) against Apollo: each request goes twice to a door that
 * runs documents it has seen directly, and twice to one that hands everything to Apollo, in
 * lockstep so both hold the same pets. The first sight of a document is Apollo's on both; the
 * second, on the first door, is the direct path's. Status, body bytes, headers (Content-Length
 * among them), the report (the request span's name, operation and deprecation) and the
 * operation spans must be the same.
 */
describe('a document seen before, run directly', () => {
  let doors: Door[] = [];
  afterEach(async () => {
    await Promise.all(doors.map((door) => door.close()));
    doors = [];
  });

  async function compare(setup: TestGraphqlSetup, requests: readonly Request[], seed?: (door: Door) => Promise<void>): Promise<Answer[][]> {
    const fastDoor = await startDoor(setup, {});
    const apolloOnly = await startDoor(setup, { apolloOnly: true });
    doors = [fastDoor, apolloOnly];
    if (seed) for (const door of doors) await seed(door);
    const answers: Answer[][] = [];
    const known = new Set<unknown>();
    for (const request of requests) {
      const sights: Answer[] = [];
      for (const sight of ['first', 'second']) {
        const direct = request.direct && (sight === 'second' || known.has(documentOf(request)));
        const [fast, slow] = [await answerOf(fastDoor, request), await answerOf(apolloOnly, request)];
        const { byApollo, ...compared } = fast;
        const { byApollo: _always, ...reference } = slow;
        expect({ request: request.name, sight, ...compared }).toEqual({ request: request.name, sight, ...reference });
        expect({ request: request.name, sight, byApollo }).toEqual({ request: request.name, sight, byApollo: !direct && !request.refused });
        expect(fast.headers['content-length']).toBe(String(Buffer.byteLength(fast.text)));
        sights.push(fast);
      }
      if (request.direct) known.add(documentOf(request));
      answers.push(sights);
    }
    expect(fastDoor.logged.map(logLine)).toEqual(apolloOnly.logged.map(logLine));
    return answers;
  }

  const PETS = '{ pets { id name categoryId status } }';
  const SEVERAL = `query One { pets(limit: 1) { id } }
    query Two($limit: Int) { petsPage(limit: $limit) { pets { name } nextCursor } }
    mutation Three { addPet(input: { name: "Three", categoryId: "3" }) { id } }`;
  const ADD = 'mutation Add($input: NewPetInput!) { addPet(input: $input) { id name categoryId status } }';
  const SEED = 'mutation Seed($input: NewPetInput!) { addPet(input: $input) { id } }';
  const LIST = 'query List($limit: Int, $status: PetStatus) { pets(limit: $limit, status: $status) { id status } }';

  // Each case goes four times through two doors: a few seconds, more while CI builds beside it.
  it('answers successes, domain errors, and what it leaves to Apollo, as Apollo does', async () => {
    const requests: Request[] = [
      { name: 'list', body: { query: PETS }, direct: true },
      { name: 'list, with variables', body: { query: LIST, variables: { limit: 2, status: 'SOLD' } }, direct: true },
      { name: 'list, variables null', body: { query: LIST, variables: null, operationName: null }, direct: true },
      { name: 'operation chosen by name', body: { query: SEVERAL, operationName: 'Two', variables: { limit: 1 } }, direct: true },
      { name: 'another operation of the same document', body: { query: SEVERAL, operationName: 'One' }, direct: true },
      { name: 'a mutation chosen by name', body: { query: SEVERAL, operationName: 'Three' }, direct: true },
      {
        name: 'aliases and __typename',
        body: { query: '{ __typename first: pets(limit: 1) { key: id kind: __typename } page: petsPage(limit: 1) { nextCursor } }' },
        direct: true,
      },
      {
        name: 'addPet',
        body: { query: ADD, variables: { input: { name: 'Rex', categoryId: '9007199254740993', status: 'PENDING' } } },
        direct: true,
      },
      {
        name: 'addPet, idempotent',
        body: { query: ADD, variables: { input: { name: 'Ida', categoryId: '1' } } },
        headers: { 'Idempotency-Key': 'k-1' },
        direct: true,
      },
      {
        name: 'addPet, idempotency conflict',
        body: { query: ADD, variables: { input: { name: 'Other', categoryId: '1' } } },
        headers: { 'Idempotency-Key': 'k-1' },
        direct: true,
      },
      { name: 'addPet, blank name', body: { query: ADD, variables: { input: { name: ' ', categoryId: '1' } } }, direct: true },
      { name: 'list, limit out of range', body: { query: LIST, variables: { limit: 0 } }, direct: true },
      { name: 'the deprecated pet(id:), found', body: { query: '{ pet(id: "1") { name } }' }, direct: true },
      { name: 'pet(id:), not found', body: { query: 'query Get($id: ID!) { pet(id: $id) { name } }', variables: { id: '424242' } }, direct: true },
      { name: 'pet(id:), not an int64', body: { query: '{ pet(id: "x") { name } }' }, direct: true },
      {
        name: 'Accept: application/graphql-response+json',
        body: { query: PETS },
        headers: { Accept: 'application/graphql-response+json' },
        direct: true,
      },
      { name: 'Accept: */*', body: { query: PETS }, headers: { Accept: '*/*' }, direct: true },
      { name: 'Accept: application/json', body: { query: PETS }, headers: { Accept: 'application/json' }, direct: true },
      {
        name: 'Apollo Client 4',
        body: { query: PETS, extensions: { clientLibrary: { name: '@apollo/client', version: '4.0.0' } } },
        headers: { Accept: 'application/graphql-response+json,application/json;q=0.9' },
        direct: true,
      },
      {
        name: 'Accept: graphql-request',
        body: { query: PETS },
        headers: { Accept: 'application/graphql-response+json, application/json' },
        direct: true,
      },
      // Left to Apollo, every time.
      { name: 'variables that do not fit', body: { query: LIST, variables: { limit: 'ten' } }, direct: false },
      { name: 'a required variable missing', body: { query: ADD }, direct: false },
      { name: 'variables as a string', body: { query: LIST, variables: '{"limit":1}' }, direct: false },
      { name: 'an operation name the document lacks', body: { query: SEVERAL, operationName: 'Four' }, direct: false },
      { name: 'no operation name for several', body: { query: SEVERAL }, direct: false },
      { name: 'operationName not a string', body: { query: PETS, operationName: 7 }, direct: false },
      { name: 'persisted-query extensions', body: { query: PETS, extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } }, direct: false },
      { name: 'another Accept', body: { query: PETS }, headers: { Accept: 'application/json;q=0.5, text/html' }, direct: false },
      { name: 'an Accept Apollo cannot answer', body: { query: PETS }, headers: { Accept: 'text/html' }, direct: false },
      { name: 'a syntax error', body: { query: '{ pets { id ' }, direct: false },
      { name: 'a validation error', body: { query: '{ pets { colour } }' }, direct: false },
      { name: 'a batch', body: [{ query: PETS }, { query: LIST, variables: { limit: 1 } }], direct: false },
      { name: 'no query', body: { operationName: 'One' }, direct: false },
      { name: 'a body that is not an object', body: '"{ pets { id } }"', direct: false },
    ];
    const answers = await compare({ clock: beforeSunset }, requests, async (door) => {
      for (const name of ['Wide', 'Narrow', 'Third']) {
        const seeded = await answerOf(door, {
          name: 'seed',
          body: { query: SEED, variables: { input: { name, categoryId: '2', status: 'SOLD' } } },
          direct: true,
        });
        expect(seeded.status).toBe(200);
      }
    });
    const [list, , , chosen, , , aliased, added, , conflict, blank, , deprecated, notFound] = answers.map((sights) => sights[1] as Answer);
    // What was compared is what it should be: data, errors with their codes and locations, headers, spans.
    expect(list?.text).toBe(
      `${JSON.stringify({
        data: {
          pets: [
            { id: '1', name: 'Wide', categoryId: '2', status: 'SOLD' },
            { id: '2', name: 'Narrow', categoryId: '2', status: 'SOLD' },
            { id: '3', name: 'Third', categoryId: '2', status: 'SOLD' },
          ],
        },
      })}\n`,
    );
    expect(list?.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    expect(list?.traced.operations).toEqual([
      { name: 'query pets', attributes: expect.objectContaining({ 'petstore.operation': 'pets' }), ended: true },
    ]);
    expect(list?.traced.summary?.name).toBe('GraphQL pets');
    expect(JSON.parse(chosen?.text ?? '')).toEqual({ data: { petsPage: { pets: [{ name: 'Wide' }], nextCursor: expect.any(String) } } });
    expect(JSON.parse(aliased?.text ?? '')).toMatchObject({ data: { __typename: 'Query', first: [{ key: '1', kind: 'Pet' }] } });
    expect(aliased?.traced.summary?.name).toBe('GraphQL __typename+pets+petsPage');
    expect(JSON.parse(added?.text ?? '')).toMatchObject({ data: { addPet: { categoryId: '9007199254740993', status: 'PENDING' } } });
    expect(JSON.parse(conflict?.text ?? '')).toMatchObject({ data: null, errors: [{ path: ['addPet'], extensions: { code: 'CONFLICT' } }] });
    expect(conflict?.traced.operations[0]).toMatchObject({ name: 'mutation addPet', failed: 'conflict', ended: true });
    expect(JSON.parse(blank?.text ?? '')).toMatchObject({
      errors: [{ locations: [{ line: 1, column: 38 }], extensions: { code: 'BAD_USER_INPUT' } }],
    });
    expect(deprecated?.traced.summary?.attributes).toMatchObject({ 'petstore.deprecated': true, 'petstore.operation': 'pet' });
    expect(deprecated?.traced.operations[0]?.attributes).toMatchObject({ 'petstore.deprecated': true });
    expect(JSON.parse(notFound?.text ?? '')).toEqual({ data: { pet: null } });
  }, 60_000);

  it('answers the rate limit, and the RateLimit headers, as Apollo does', async () => {
    const requests: Request[] = [
      { name: 'two root fields', body: { query: '{ a: pets { id } b: pets { id } }' }, direct: true },
      { name: 'one', body: { query: PETS }, direct: true },
    ];
    // Two requests of two and one: the last sight of the second is over the limit of 5.
    const answers = await compare({ clock: beforeSunset, rateLimit: 5 }, requests);
    expect(answers.flat().map((answer) => [answer.status, answer.headers['ratelimit-remaining']])).toEqual([
      [200, '3'],
      [200, '1'],
      [200, '0'],
      [429, '0'],
    ]);
    expect(answers[0]?.[1]?.headers).toHaveProperty('ratelimit-policy');
  }, 60_000);

  it('answers a failing store (503 with Retry-After, and a masked internal error) as Apollo does', async () => {
    const failing = (error: Error): PetStore => {
      const fail = async (): Promise<never> => {
        throw error;
      };
      return { insert: fail, list: fail, get: fail };
    };
    const unavailable = new DomainError('service_unavailable', 'the database is not reachable', { retryAfterSeconds: 7 });
    const [[, refused]] = (await compare({ clock: beforeSunset, store: failing(unavailable) }, [
      { name: 'list', body: { query: PETS }, direct: true },
    ])) as [Answer[]];
    expect(refused?.status).toBe(503);
    expect(refused?.headers).toHaveProperty('retry-after', '7');
    await Promise.all(doors.map((door) => door.close()));
    const [[, masked]] = (await compare({ clock: beforeSunset, store: failing(new Error('db-7 is down')) }, [
      { name: 'addPet', body: { query: ADD, variables: { input: { name: 'Rex', categoryId: '1' } } }, direct: true },
    ])) as [Answer[]];
    expect(masked?.status).toBe(200);
    expect(JSON.parse(masked?.text ?? '')).toEqual({
      data: null,
      errors: [{ message: 'internal error', locations: [{ line: 1, column: 38 }], path: ['addPet'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
    });
    expect(masked?.traced.operations[0]).toMatchObject({ failed: 'internal_error', ended: true });
    // Logged once per sight, by the one formatter both paths share.
    expect(doors[0]?.logged).toEqual([
      expect.objectContaining({ msg: 'unexpected error', door: 'graphql', path: ['addPet'] }),
      expect.objectContaining({ msg: 'unexpected error', door: 'graphql', path: ['addPet'] }),
    ]);
  }, 60_000);

  it('runs trusted documents directly too, sent as text or by id, and refuses the rest as before', async () => {
    const names = 'query Names { pets { name } }';
    const id = createHash('sha256').update(names).digest('hex');
    const trustedDocuments = { byId: new Map([[id, names]]), hashes: new Set([id]) };
    const answers = await compare({ clock: beforeSunset, options: { trustedDocuments } }, [
      { name: 'by text', body: { query: names }, direct: true },
      { name: 'by id', body: { extensions: { persistedQuery: { version: 1, sha256Hash: id } } }, document: names, direct: true },
      { name: 'not registered', body: { query: PETS }, direct: false, refused: true },
    ]);
    expect(answers.flat().map((answer) => [answer.status, answer.byApollo])).toEqual([
      [200, true],
      [200, false],
      [200, false],
      [200, false],
      [400, false],
      [400, false],
    ]);
  }, 60_000);

  it('keeps at most 100 documents, forgetting the oldest first', async () => {
    const door = await startDoor({}, {});
    doors = [door];
    const request = (index: number): Request => ({ name: `document ${index}`, body: { query: `{ pets(limit: ${index}) { id } }` }, direct: true });
    for (let index = 1; index <= 101; index += 1) expect((await answerOf(door, request(index))).byApollo).toBe(true);
    expect((await answerOf(door, request(101))).byApollo).toBe(false);
    expect((await answerOf(door, request(2))).byApollo).toBe(false);
    expect((await answerOf(door, request(1))).byApollo).toBe(true);
  }, 60_000);
});
