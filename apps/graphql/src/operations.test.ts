import { fixedClock } from '@petstore/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { postGraphql } from './testing/graphql-call.js';
import { ADD_PET } from './testing/pet-fixtures.js';
import { startGraphql, type TestGraphql } from './testing/start-graphql.js';

/** Rate windows follow the clock: one that stands still keeps a test inside one window, however slow the machine. */
const STILL = fixedClock(new Date('2026-06-01T12:00:30Z'));

/** What the GraphQL door adds for operators: the headers the other doors send, and retry-safe creates. */
describe('the GraphQL door in operation', () => {
  let door: TestGraphql;
  afterEach(() => door.close());

  it('sends RateLimit headers on success, and Retry-After with them on RATE_LIMITED (HTTP 429)', async () => {
    door = await startGraphql({ rateLimit: 2, clock: STILL });
    const ask = () => postGraphql(door.url, { query: '{ pets { id } }', key: door.apiKey });
    const first = await ask();
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    expect(first.headers.get('ratelimit')).toBe('"per-key";r=1;t=' + (first.headers.get('ratelimit-reset') ?? ''));
    expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.extensions?.['code']).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-policy')).toBe('"per-key";q=2;w=60');
  });

  it('charges a GET query per root field too, and lets introspection-only queries through an exhausted budget', async () => {
    door = await startGraphql({ rateLimit: 3, clock: STILL, options: { introspection: true } });
    const get = (query: string) =>
      fetch(`${door.url}?query=${encodeURIComponent(query)}`, {
        headers: { Authorization: `Bearer ${door.apiKey}`, 'apollo-require-preflight': 'true' },
      });
    const two = await get('{ a: pets { id } b: pets { id } }');
    expect(two.status).toBe(200);
    expect(two.headers.get('ratelimit-remaining')).toBe('1');
    expect((await get('{ a: pets { id } b: pets { id } }')).status).toBe(429);
    const free = await get('{ __typename __schema { queryType { name } } }');
    expect(free.status).toBe(200);
    expect(free.headers.get('ratelimit-remaining')).toBe('1');
  });

  it('refuses a GET whose GraphQL parameter is repeated, as Apollo does, rather than run one of its values', async () => {
    door = await startGraphql();
    const twice = `query=${encodeURIComponent('{ a: pets { id } b: pets { id } }')}&query=${encodeURIComponent('{ __typename }')}`;
    const answer = await fetch(`${door.url}?${twice}`, { headers: { Authorization: `Bearer ${door.apiKey}`, 'apollo-require-preflight': 'true' } });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      errors: [{ message: "The 'query' search parameter may only be specified once.", extensions: { code: 'BAD_REQUEST' } }],
    });
  });

  it('returns the same pet for an addPet retried with the same Idempotency-Key, and refuses the key with another pet', async () => {
    door = await startGraphql();
    const add = (name: string) =>
      postGraphql<{ addPet: { id: string } }>(door.url, {
        query: ADD_PET,
        variables: { input: { name, categoryId: '4' } },
        key: door.apiKey,
        headers: { 'Idempotency-Key': 'order-18' },
      });
    const first = await add('Retried');
    const again = await add('Retried');
    expect(again.body.data?.addPet.id).toBe(first.body.data?.addPet.id);
    const listed = await postGraphql<{ pets: unknown[] }>(door.url, { query: '{ pets { id } }', key: door.apiKey });
    expect(listed.body.data?.pets).toHaveLength(1);
    const conflict = await add('Another');
    expect(conflict.body.errors?.[0]?.extensions?.['code']).toBe('CONFLICT');
    expect(conflict.body.errors?.[0]?.message).toContain('Idempotency-Key');
  });
});
