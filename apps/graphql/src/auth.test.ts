import { operatorOn, type Scope } from '@petstore/domain';
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

describe('scopes at the GraphQL door', () => {
  const keyWith = async (scopes: Scope[]) =>
    (await door.keys.createKey(operatorOn((await door.accounts.createAccount('scoped')).id), { scopes })).key;

  it('lets a key without pets:read ask for introspection fields, which reveal no pet, and refuses it any field of Query', async () => {
    const writeOnly = await keyWith(['pets:write']);
    const typename = await postGraphql(door.url, { query: '{ __typename }', key: writeOnly });
    expect(typename.body).toEqual({ data: { __typename: 'Query' } });
    const schema = await postGraphql(door.url, { query: '{ __schema { queryType { name } } }', key: writeOnly });
    expect(schema.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    const pets = await postGraphql(door.url, { query: '{ __typename pets { id } }', key: writeOnly });
    expect(pets.status).toBe(403);
    expect(pets.body).toEqual({
      errors: [{ message: 'this API key lacks the pets:read scope that pets needs (it has: pets:write)', extensions: { code: 'FORBIDDEN' } }],
    });
  });

  it('answers 403 in the media type the client negotiated', async () => {
    const readOnly = await keyWith(['pets:read']);
    const answer = await postGraphql(door.url, {
      query: 'mutation { addPet(input: { name: "Rex", categoryId: "1" }) { id } }',
      key: readOnly,
      headers: { Accept: 'application/graphql-response+json' },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    expect(answer.body.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
  });
});
