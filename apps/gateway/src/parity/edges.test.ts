import { gzipSync } from 'node:zlib';
import { fixedClock } from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey, startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { JSON_TYPE, WIRE_DOORS, type DoorName, type WireDoor, type WireRequest } from '../testing/doors/doors.js';
import { eachDoor, PARITY_STORES, sameForEveryDoor, sendWire, storedPets, type WireAnswer } from './testing/every-door.js';

/**
 * The edges of the envelope an adversary tried (issue 23, findings 3 to 6), each stated once and
 * run through REST, GraphQL and tRPC on both stores: the key before any other refusal under a
 * door's prefix, request Content-Encoding, numbers read from the digits sent, and an operation
 * the door cannot serve answered as the client's mistake.
 */
const RATE_LIMIT = 20;

type Auth = Record<string, string>;
const bearer = (key: string): Auth => ({ Authorization: `Bearer ${key}` });
const WITHOUT_A_VALID_KEY: ReadonlyArray<[string, Auth]> = [
  ['no key', {}],
  ['another scheme', { Authorization: 'Basic dXNlcjpwYXNz' }],
  ['an unknown key', bearer('psk_unknown_unknown_unknown_unknown')],
];
const UNAUTHORIZED = '401 unauthorized Bearer realm="petstore"';

const send = (gw: TestGateway, request: WireRequest, auth: Auth, headers: Auth = {}, body?: string | Buffer): Promise<WireAnswer> =>
  sendWire(gw, request, { ...auth, ...headers }, body ?? request.body);
const wire = (name: DoorName): WireDoor => WIRE_DOORS.find((door) => door.name === name) as WireDoor;
const get = (path: string, headers: Auth = {}): WireRequest => ({ method: 'GET', path, headers });
const post = (path: string, contentType: string, body: string): WireRequest => ({
  method: 'POST',
  path,
  headers: { 'Content-Type': contentType },
  body,
});
/** Status, codes as REST spells them and WWW-Authenticate, in one line that names what differs. */
const summary = (door: WireDoor, answer: WireAnswer): string =>
  `${answer.status} ${[...new Set(door.errorCodes(answer.body))].join(',')} ${answer.headers.get('www-authenticate') ?? 'no WWW-Authenticate'}`;

/** Requests each door refuses for something other than the key, and how, when the key is good. */
const REFUSED_WITH_A_GOOD_KEY: Record<DoorName, ReadonlyArray<[string, WireRequest, number]>> = {
  rest: [
    ['an unknown path under /v1', get('/v1/nope'), 404],
    ['DELETE /v1/pets, a method the route lacks', { method: 'DELETE', path: '/v1/pets', headers: {} }, 405],
    ['a create in XML', post('/v1/pets', 'application/xml', '<pet/>'), 415],
    ['a list with an unknown parameter', get('/v1/pets?stauts=sold'), 400],
  ],
  graphql: [
    ['PUT, a method Apollo refuses', { method: 'PUT', path: '/graphql', headers: JSON_TYPE, body: '{"query":"{ __typename }"}' }, 405],
    ['a text/plain POST, which CSRF prevention refuses', post('/graphql', 'text/plain', '{"query":"{ __typename }"}'), 400],
    ['a POST in XML', post('/graphql', 'application/xml', '<query/>'), 400],
    ['a batch of 11 operations', post('/graphql', 'application/json', JSON.stringify(Array(11).fill({ query: '{ __typename }' }))), 400],
    ['a document that does not parse', post('/graphql', 'application/json', '{"query":"{ pets { id "}'), 400],
    ['an unknown path under /graphql', get('/graphql/nope'), 404],
  ],
  trpc: [
    ['an unknown procedure', get('/trpc/pets.nope'), 404],
    ['a mutation by GET', get('/trpc/pets.create'), 405],
    ['a batch of 11 calls', wire('trpc').lists(11), 400],
    ['a streamed batch', get('/trpc/pets.list?batch=1', { 'trpc-accept': 'application/jsonl' }), 400],
  ],
};

for (const store of PARITY_STORES) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`the edges of every door on the ${store.name}`, () => {
    let gw: TestGateway;
    /** Every line the gateway has logged so far, read from its LOG_FILE. */
    const logLines = (): Array<Record<string, unknown>> => gw.readLog();
    /** Every stored pet's id and categoryId (as decimal text), by name. */
    const storedByName = async (): Promise<Map<string, { id: number; categoryId: string }>> =>
      new Map((await storedPets(gw)).map((pet) => [pet.name, { id: pet.id, categoryId: String(pet.categoryId) }]));

    beforeAll(async () => {
      gw = await startTestGateway({
        mongodbUri: store.uri,
        // A clock that stands still, so no rate window ends while a test spends a budget.
        clock: fixedClock(new Date('2026-01-01T00:00:00Z')),
        env: { LOG_LEVEL: 'info', PETSTORE_RATE_LIMIT: String(RATE_LIMIT) },
        logs: true,
      });
    });
    afterAll(async () => {
      await gw.close();
    });

    describe('the key, before anything else under a door’s prefix', () => {
      it('answers 401 with WWW-Authenticate to every request under /v1, /graphql and /trpc without a valid key, before any other refusal', async () => {
        const key = await issueKey(gw.runtime);
        // With a good key each request is refused for what it is, so the 401s are the key's alone.
        const withAGoodKey = (status: number) => (status === 405 ? '405 with Allow' : String(status));
        const answers = await eachDoor(WIRE_DOORS, async (door) => {
          const seen: Record<string, Record<string, string>> = {};
          for (const [what, request] of REFUSED_WITH_A_GOOD_KEY[door.name]) {
            const refused = await send(gw, request, bearer(key));
            seen[what] = { 'a good key': `${refused.status}${refused.headers.has('allow') ? ' with Allow' : ''}` };
            for (const [credential, auth] of WITHOUT_A_VALID_KEY) seen[what][credential] = summary(door, await send(gw, request, auth));
          }
          return seen;
        });
        const expected = Object.fromEntries(
          Object.entries(REFUSED_WITH_A_GOOD_KEY).map(([door, probes]) => [
            door,
            Object.fromEntries(
              probes.map(([what, , status]) => [
                what,
                { 'a good key': withAGoodKey(status), ...Object.fromEntries(WITHOUT_A_VALID_KEY.map(([credential]) => [credential, UNAUTHORIZED])) },
              ]),
            ),
          ]),
        );
        expect(answers).toEqual(expected);
      });

      it('never answers a request the router cannot name as a key problem when the key is good', async () => {
        const key = await issueKey(gw.runtime);
        const unnamed: Record<DoorName, string[]> = {
          rest: ['/v1/%70ets', '/v1/%zz', '/v1/'],
          graphql: ['/graphql/%zz', '/graphql/nope'],
          trpc: ['/trpc/%zz', '/trpc/pets.nope', '/trpc', '/trpc/pets%2Elist', '/trpc/pets%2elist'],
        };
        const answers = await eachDoor(WIRE_DOORS, async (door) => {
          const seen: Record<string, boolean> = {};
          for (const path of unnamed[door.name]) {
            const answer = await send(gw, get(path), bearer(key));
            seen[path] = answer.status !== 401 && answer.status < 500 && !door.errorCodes(answer.body).includes('unauthorized');
          }
          return seen;
        });
        expect(answers).toEqual(
          Object.fromEntries(Object.entries(unnamed).map(([door, paths]) => [door, Object.fromEntries(paths.map((path) => [path, true]))])),
        );
        // A percent-encoded procedure path names the procedure, as in tRPC's own adapters.
        const encoded = await send(gw, get('/trpc/pets%2Elist'), bearer(key));
        expect(encoded.status).toBe(200);
        expect(encoded.body).toEqual({ result: { data: expect.any(Array) } });
      });

      it('answers 404 without a key to a path under no door', async () => {
        for (const path of ['/nope', '/v1x', '/v2/pets', '/graphqlx', '/trpcx', '/docsx']) {
          const answer = await send(gw, get(path), {});
          expect({ path, status: answer.status, body: answer.body }).toEqual({
            path,
            status: 404,
            body: expect.objectContaining({ code: 'not_found' }),
          });
        }
      });

      it('serves the published documents, /docs and the GraphQL landing page without a key', async () => {
        for (const [path, accept] of [
          ['/v1/openapi.json', 'application/json'],
          ['/graphql/schema.graphql', '*/*'],
          // Paths match without regard to case, as the routers match them.
          ['/V1/OpenAPI.json', 'application/json'],
          ['/graphql/SCHEMA.graphql', '*/*'],
          ['/docs', 'text/html'],
          ['/graphql', 'text/html'],
        ]) {
          const answer = await send(gw, get(path ?? ''), {}, { Accept: accept ?? '' });
          expect({ path, status: answer.status }).toEqual({ path, status: 200 });
        }
      });
    });

    describe('request Content-Encoding', () => {
      it('refuses a body with any Content-Encoding but identity with 415 at every door, and stores nothing', async () => {
        const key = await issueKey(gw.runtime);
        const names: string[] = [];
        const answers = await eachDoor(WIRE_DOORS, async (door) => {
          const encoded = async (coding: string, compress: boolean): Promise<string> => {
            const name = `encoded ${coding} ${compress} ${door.name} ${store.name}`;
            names.push(name);
            const request = door.creates([name]);
            const body = compress ? gzipSync(request.body ?? '') : request.body;
            return summary(door, await send(gw, request, bearer(key), { 'Content-Encoding': coding }, body));
          };
          return [await encoded('gzip', true), await encoded('gzip', false), await encoded('br', false), await encoded('identity, gzip', false)];
        });
        expect(answers).toEqual(sameForEveryDoor(Array(4).fill('415 unsupported_media_type no WWW-Authenticate')));
        const stored = await storedByName();
        expect(names.filter((name) => stored.has(name))).toEqual([]);
      });

      it('accepts Content-Encoding: identity at every door', async () => {
        const key = await issueKey(gw.runtime);
        const answers = await eachDoor(WIRE_DOORS, async (door) => {
          const name = `identity ${door.name} ${store.name}`;
          const answer = await send(gw, door.creates([name]), bearer(key), { 'Content-Encoding': 'identity' });
          return { ok: answer.status < 300, codes: door.errorCodes(answer.body).filter(Boolean), stored: (await storedByName()).has(name) };
        });
        expect(answers).toEqual(sameForEveryDoor({ ok: true, codes: [], stored: true }));
      });
    });

    describe('numbers, read from the digits sent', () => {
      it.each([
        ['categoryId', '1234567890123.0001'],
        ['categoryId', '9007199254740993.5'],
        ['limit', '1.0000000000000001'],
        ['id', '1.0000000000000001'],
      ] as const)('refuses a %s of %s, a fraction that is not zero, with 400 at every door, and stores nothing', async (field, text) => {
        const key = await issueKey(gw.runtime);
        const name = `fraction ${text} ${store.name}`;
        const answers = await eachDoor(WIRE_DOORS, async (door) => summary(door, await send(gw, door.withNumber(field, text, name), bearer(key))));
        expect(answers).toEqual(sameForEveryDoor('400 invalid_request no WWW-Authenticate'));
        expect((await storedByName()).has(name)).toBe(false);
      });

      it('still reads a whole number written with a zero fraction as that number where JSON carries it; a URL’s number is digits only, as before', async () => {
        const key = await issueKey(gw.runtime);
        const answers = await eachDoor(WIRE_DOORS, async (door) => {
          const name = `seven ${door.name} ${store.name}`;
          const created = await send(gw, door.withNumber('categoryId', '7.00000000000000000000', name), bearer(key));
          const stored = (await storedByName()).get(name);
          const listed = await send(gw, door.withNumber('limit', '7.0'), bearer(key));
          const read = await send(gw, door.withNumber('id', `${stored?.id}.0`), bearer(key));
          const codes = [created, listed, read].flatMap((answer) => door.errorCodes(answer.body)).filter(Boolean);
          return {
            statuses: [created.status, listed.status, read.status],
            stored: stored?.categoryId,
            jsonFieldsRefused: door.name === 'rest' ? [] : codes,
          };
        });
        expect(answers).toEqual({
          rest: { statuses: [201, 400, 400], stored: '7', jsonFieldsRefused: [] },
          graphql: { statuses: [200, 200, 200], stored: '7', jsonFieldsRefused: [] },
          trpc: { statuses: [200, 200, 200], stored: '7', jsonFieldsRefused: [] },
        });
      });

      it('takes an int64 at GraphQL as an ID string read from its digits, and a limit written in the document as GraphQL’s Int', async () => {
        const key = await issueKey(gw.runtime);
        const request = (query: string) => post('/graphql', 'application/json', JSON.stringify({ query }));
        const fraction = await send(
          gw,
          request('mutation { addPet(input: { name: "id fraction", categoryId: "1234567890123.0001" }) { id } }'),
          bearer(key),
        );
        // A field's own error: the request was well formed, so GraphQL-over-HTTP answers 200 (application/json) with no data.
        expect(fraction.status).toBe(200);
        expect(fraction.body).toEqual({
          data: null,
          errors: [expect.objectContaining({ message: expect.stringContaining('categoryId'), extensions: { code: 'BAD_USER_INPUT' } })],
        });
        expect((await storedByName()).has('id fraction')).toBe(false);
        const literal = await send(gw, request('{ pets(limit: 1.0000000000000001) { id } }'), bearer(key));
        expect(literal.status).toBe(400);
        expect(literal.body).toEqual({ errors: [expect.objectContaining({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })] });
      });
    });

    describe('an operation the door cannot serve', () => {
      /** The access-log line of a request, once its answer has ended. */
      const requestLine = async (requestId: string): Promise<Record<string, unknown>> => {
        for (;;) {
          const line = logLines().find((candidate) => candidate['msg'] === 'request' && candidate['requestId'] === requestId);
          if (line) return line;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };

      it('is the client’s mistake at every door: a 4xx naming what to do instead, logged at info, never an error-level line', async () => {
        const key = await issueKey(gw.runtime);
        const from = logLines().length;
        const cannotServe: Record<DoorName, [WireRequest, RegExp]> = {
          rest: [{ method: 'DELETE', path: '/v1/pets', headers: {} }, /not allowed/],
          graphql: [post('/graphql', 'application/json', '{"query":"subscription { __typename }"}'), /subscription/],
          trpc: [get(`/trpc/pets.list?batch=1&input=${encodeURIComponent('{"0":{}}')}`, { 'trpc-accept': 'application/jsonl' }), /httpBatchLink/],
        };
        const answers = await eachDoor(WIRE_DOORS, async (door) => {
          const [request, names] = cannotServe[door.name];
          const requestId = `cannot-serve-${door.name}-${store.name.replace(/\W/g, '')}`;
          const answer = await send(gw, request, bearer(key), { 'X-Request-Id': requestId });
          const line = await requestLine(requestId);
          return {
            status: answer.status,
            allow: answer.headers.get('allow'),
            named: names.test(JSON.stringify(answer.body)),
            logged: { level: line['level'], status: line['status'] },
          };
        });
        // Nothing logged meanwhile at error level or with a stack: the service did nothing wrong.
        const failures = logLines()
          .slice(from)
          .filter((line) => Number(line['level']) >= 50 || 'err' in line || 'stack' in line);
        expect({ answers, failures }).toEqual({
          answers: {
            rest: { status: 405, allow: 'HEAD, GET, POST', named: true, logged: { level: 30, status: 405 } },
            graphql: { status: 400, allow: null, named: true, logged: { level: 30, status: 400 } },
            trpc: { status: 400, allow: null, named: true, logged: { level: 30, status: 400 } },
          },
          failures: [],
        });
      });

      it('charges a GraphQL subscription like any operation: it costs 1, and one sent with the budget spent is 429', async () => {
        const key = await issueKey(gw.runtime);
        const subscription = post('/graphql', 'application/json', '{"query":"subscription { __typename }"}');
        const seen = (answer: WireAnswer) => ({
          status: answer.status,
          codes: wire('graphql').errorCodes(answer.body),
          remaining: answer.headers.get('ratelimit-remaining'),
          retryAfter: answer.headers.has('retry-after'),
        });
        const first = seen(await send(gw, subscription, bearer(key)));
        for (let spent = 1; spent < RATE_LIMIT; spent += 1) expect((await send(gw, wire('rest').lists(1), bearer(key))).status).toBe(200);
        const spent = seen(await send(gw, subscription, bearer(key)));
        expect({ first, spent }).toEqual({
          first: { status: 400, codes: ['GRAPHQL_VALIDATION_FAILED'], remaining: String(RATE_LIMIT - 1), retryAfter: false },
          spent: { status: 429, codes: ['rate_limited'], remaining: '0', retryAfter: true },
        });
      });
    });
  });
}
