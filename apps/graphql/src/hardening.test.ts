import { fixedClock } from '@petstore/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { authorization, postGraphql, sendRaw } from './testing/graphql-call.js';
import { startGraphql, type TestGraphql, type TestGraphqlSetup } from './testing/start-graphql.js';

let door: TestGraphql | undefined;
afterEach(async () => {
  await door?.close();
  door = undefined;
});

async function start(setup: TestGraphqlSetup = {}): Promise<TestGraphql> {
  door = await startGraphql(setup);
  return door;
}

async function storedPetCount(started: TestGraphql): Promise<number> {
  const answer = await postGraphql<{ pets: unknown[] }>(started.url, { query: '{ pets(limit: 100) { id } }', key: started.apiKey });
  return answer.body.data?.pets.length ?? -1;
}

const ADD_REX = 'mutation { addPet(input: { name: "Rex", categoryId: "1" }) { id } }';

describe('CSRF prevention', () => {
  it('refuses a GET request without a preflight-forcing header', async () => {
    const started = await start();
    const answer = await sendRaw(`${started.url}?query=${encodeURIComponent('{ pets { id } }')}`, { headers: authorization(started.apiKey) });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toMatch(/Cross-Site Request Forgery/);
  });

  it('refuses a mutation sent with GET and stores nothing', async () => {
    const started = await start();
    const url = `${started.url}?query=${encodeURIComponent(ADD_REX)}`;
    const bare = await sendRaw(url, { headers: authorization(started.apiKey) });
    const preflighted = await sendRaw(url, { headers: { ...authorization(started.apiKey), 'apollo-require-preflight': 'true' } });
    expect(bare.status).toBe(400);
    expect(preflighted.status).toBe(405);
    expect(preflighted.body.errors?.[0]?.message).toMatch(/GET requests only support query operations/);
    expect(await storedPetCount(started)).toBe(0);
  });

  it('refuses a text/plain POST, the kind a cross-site form can send, and stores nothing', async () => {
    const started = await start();
    const answer = await sendRaw(started.url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', ...authorization(started.apiKey) },
      body: JSON.stringify({ query: ADD_REX }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toMatch(/Cross-Site Request Forgery/);
    expect(await storedPetCount(started)).toBe(0);
  });

  it('answers a query sent with GET and a preflight-forcing header', async () => {
    const started = await start();
    const answer = await sendRaw(`${started.url}?query=${encodeURIComponent('{ pets { id } }')}`, {
      headers: { ...authorization(started.apiKey), 'apollo-require-preflight': 'true' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { pets: [] } });
  });
});

describe('operation limits', () => {
  const expectRefused = (answer: Awaited<ReturnType<typeof postGraphql>>, message: RegExp): void => {
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ message: expect.stringMatching(message), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }),
    ]);
  };

  // The depth limit (8) is deeper than any operation the schema allows (3), so it is tested on a
  // deeper schema beside the rule (limits/operation-limits-rule.test.ts).

  it('allows 15 aliases and refuses the 16th', async () => {
    const started = await start();
    const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: pets(limit: 100) { id }`).join(' ')} }`;
    const ok = await postGraphql(started.url, { query: aliased(15), key: started.apiKey });
    const over = await postGraphql(started.url, { query: aliased(16), key: started.apiKey });
    expect(ok.status).toBe(200);
    expectRefused(over, /^the operation has an alias count of 16; at most 15 is allowed$/);
  });

  it('refuses more than 200 field selections, counting a fragment once per spread', async () => {
    const started = await start();
    const spreads = (count: number) => `{ pets { ${'...F '.repeat(count)} } } fragment F on Pet { id name categoryId status }`;
    const ok = await postGraphql(started.url, { query: spreads(49), key: started.apiKey });
    const over = await postGraphql(started.url, { query: spreads(50), key: started.apiKey });
    expect(ok.status).toBe(200);
    expectRefused(over, /^the operation has a field selection count of 201; at most 200 is allowed$/);
  });

  it('stops parsing a document with more than 1000 tokens', async () => {
    const started = await start();
    // `{`, `pets`, `{`, 996 ids, `}` and `}`: 1001 tokens.
    const answer = await postGraphql(started.url, { query: `{ pets { ${'id '.repeat(996)} } }`, key: started.apiKey });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/ 1000 tokens/), extensions: { code: 'GRAPHQL_PARSE_FAILED' } });
  });
});

describe('batched requests', () => {
  const batch = (count: number) => JSON.stringify(Array.from({ length: count }, () => ({ query: '{ pets { id } }' })));
  const post = (started: TestGraphql, body: string) =>
    sendRaw(started.url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...authorization(started.apiKey) }, body });

  it('answers a batch of up to 10 operations with one result each', async () => {
    const started = await start();
    const response = await fetch(started.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...authorization(started.apiKey) },
      body: batch(10),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(Array.from({ length: 10 }, () => ({ data: { pets: [] } })));
  });

  it('refuses a batch of more than 10 operations before running any', async () => {
    const started = await start();
    const answer = await post(started, batch(11));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errors: [{ message: 'batch: at most 10 operations are allowed per request', extensions: { code: 'BAD_REQUEST' } }],
    });
  });

  it('keeps to one operation per request when PETSTORE_GRAPHQL_MAX_BATCH is 1', async () => {
    const started = await start({ options: { maxBatch: 1 } });
    const answer = await post(started, batch(2));
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toBe('batch: at most 1 operation is allowed per request');
  });
});

describe('request bodies', () => {
  it('answers 413 PAYLOAD_TOO_LARGE to a body over the size limit', async () => {
    const started = await start({ maxBodyBytes: 1024 });
    const answer = await postGraphql(started.url, { query: `{ pets { id } } # ${'x'.repeat(2048)}`, key: started.apiKey });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ errors: [{ message: 'body: must be at most 1024 bytes', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
  });

  it('answers 400 BAD_REQUEST to malformed JSON', async () => {
    const started = await start();
    const answer = await sendRaw(started.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...authorization(started.apiKey) },
      body: '{"query": ',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: [{ message: 'body: is not valid JSON', extensions: { code: 'BAD_REQUEST' } }] });
  });
});

describe('mounting at /graphql', () => {
  it('leaves other paths to the rest of the app', async () => {
    const started = await start();
    const health = await fetch(`${started.origin}/healthz`);
    const elsewhere = await fetch(`${started.origin}/graphql/extra`, { method: 'POST', headers: authorization(started.apiKey) });
    expect(health.status).toBe(200);
    expect(elsewhere.status).toBe(404);
  });

  it('refuses introspection unless it is switched on, without suggesting field names', async () => {
    const started = await start();
    const schema = await postGraphql(started.url, { query: '{ __schema { types { name } } }', key: started.apiKey });
    const typo = await postGraphql(started.url, { query: '{ pet { id } pets { nam } }', key: started.apiKey });
    expect(schema.status).toBe(400);
    expect(schema.body.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(JSON.stringify(typo.body)).not.toMatch(/Did you mean/);
  });
});

describe('subscriptions', () => {
  const SUBSCRIPTION = 'subscription { __typename }';

  it('are refused as the client mistake they are: a 400 naming them, never an error in the log', async () => {
    const started = await start();
    const answer = await postGraphql(started.url, { query: SUBSCRIPTION, key: started.apiKey });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errors: [
        {
          message: 'the operation is a subscription: this service has no subscriptions, only queries and mutations',
          locations: [{ line: 1, column: 1 }],
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ],
    });
    expect(started.logged).toEqual([]);
  });

  it('are charged like any operation, so one sent with the budget spent is 429', async () => {
    // A clock that stands still keeps the three requests inside one rate window, however slow the machine.
    const started = await start({ rateLimit: 2, clock: fixedClock(new Date('2026-06-01T12:00:30Z')) });
    const first = await postGraphql(started.url, { query: SUBSCRIPTION, key: started.apiKey });
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    await postGraphql(started.url, { query: '{ pets { id } }', key: started.apiKey });
    const spent = await postGraphql(started.url, { query: SUBSCRIPTION, key: started.apiKey });
    expect(spent.status).toBe(429);
    expect(spent.body.errors?.[0]?.extensions?.['code']).toBe('RATE_LIMITED');
  });
});

describe("Apollo's automatic persisted queries, with trusted documents off", () => {
  const persisted = { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } };
  const notSupported = { errors: [{ message: 'PersistedQueryNotSupported', extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' } }] };

  it('answers a request naming its document by hash alone 400 PERSISTED_QUERY_NOT_SUPPORTED, POST or GET, so the persisted-query link sends the text', async () => {
    const started = await start();
    const headers = { ...authorization(started.apiKey), 'Content-Type': 'application/json', 'Apollo-Require-Preflight': 'true' };
    const post = await sendRaw(started.url, { method: 'POST', headers, body: JSON.stringify({ extensions: persisted }) });
    const get = await sendRaw(`${started.url}?extensions=${encodeURIComponent(JSON.stringify(persisted))}`, { headers });
    for (const answer of [post, get]) expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: notSupported });
  });

  it('answers a document sent with its hash the same way, and the document alone as usual', async () => {
    const started = await start();
    const headers = { ...authorization(started.apiKey), 'Content-Type': 'application/json' };
    const withHash = await sendRaw(started.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: '{ pets { id } }', extensions: persisted }),
    });
    expect({ status: withHash.status, body: withHash.body }).toEqual({ status: 400, body: notSupported });
    const alone = await postGraphql(started.url, { query: '{ pets { id } }', key: started.apiKey });
    expect({ status: alone.status, body: alone.body }).toEqual({ status: 200, body: { data: { pets: [] } } });
  });
});
