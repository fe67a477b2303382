import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postGraphql, sendRaw } from './testing/graphql-call.js';
import { startGraphql, type TestGraphql } from './testing/start-graphql.js';

let door: TestGraphql;
beforeAll(async () => {
  door = await startGraphql({ options: { introspection: true } });
});
afterAll(() => door.close());

function expectUnauthenticated(answer: Awaited<ReturnType<typeof postGraphql>>, message: string): void {
  expect(answer.status).toBe(401);
  expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="petstore"');
  expect(answer.body).toEqual({ errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }] });
}

describe('authentication of the GraphQL door', () => {
  it('answers 401 UNAUTHENTICATED when no key is sent', async () => {
    const answer = await postGraphql(door.url, { query: '{ pets { id } }', key: null });
    expectUnauthenticated(answer, 'missing API key: send "Authorization: Bearer <API_KEY>"');
  });

  it('answers 401 UNAUTHENTICATED when the Authorization header is not a bearer token', async () => {
    const answer = await postGraphql(door.url, { query: '{ pets { id } }', key: null, headers: { Authorization: 'Basic dXNlcjpwYXNz' } });
    expectUnauthenticated(answer, 'malformed Authorization header: expected "Bearer <API_KEY>"');
  });

  it('answers 401 UNAUTHENTICATED when the key is unknown', async () => {
    const answer = await postGraphql(door.url, { query: '{ pets { id } }', key: 'psk_not-a-real-key' });
    expectUnauthenticated(answer, 'invalid or revoked API key');
  });

  it('answers 401 rather than a parse error for a broken document without a key', async () => {
    const answer = await postGraphql(door.url, { query: '{ pets { id ', key: null });
    expectUnauthenticated(answer, 'missing API key: send "Authorization: Bearer <API_KEY>"');
  });

  it('answers 401 rather than the schema for introspection without a key', async () => {
    const answer = await postGraphql(door.url, { query: '{ __schema { types { name } } }', key: 'psk_not-a-real-key' });
    expectUnauthenticated(answer, 'invalid or revoked API key');
  });

  it('answers 401 to an unauthenticated mutation and stores nothing', async () => {
    const answer = await postGraphql(door.url, { query: 'mutation { addPet(input: { name: "Rex", categoryId: "1" }) { id } }', key: null });
    expect(answer.status).toBe(401);
    const pets = await postGraphql<{ pets: unknown[] }>(door.url, { query: '{ pets { id } }', key: door.apiKey });
    expect(pets.body.data?.pets).toEqual([]);
  });

  it('answers 401 to a GET query without a key', async () => {
    const answer = await sendRaw(`${door.url}?query=${encodeURIComponent('{ pets { id } }')}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it('serves a valid key, with the scheme name in any case', async () => {
    const answer = await postGraphql(door.url, { query: '{ pets { id } }', key: null, headers: { Authorization: `bearer ${door.apiKey}` } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { pets: [] } });
  });
});
