import { DomainError, type PetStore } from '@petstore/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { postGraphql } from './testing/graphql-call.js';
import { startGraphql, type TestGraphql } from './testing/start-graphql.js';

let door: TestGraphql | undefined;
afterEach(async () => {
  await door?.close();
  door = undefined;
});

/** A store whose every call fails with `error`, as a broken database driver would. */
function failingStore(error: Error): PetStore {
  const fail = async (): Promise<never> => {
    throw error;
  };
  return { insert: fail, list: fail, get: fail };
}

describe('errors the door did not expect', () => {
  it('are answered as "internal error" without their message or stack, and logged with their cause', async () => {
    door = await startGraphql({ store: failingStore(new Error('connection to 10.0.0.7:27017 refused for user admin')) });
    const answer = await postGraphql(door.url, { query: '{ pets { id } }', key: door.apiKey });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: null,
      errors: [{ message: 'internal error', locations: [{ line: 1, column: 3 }], path: ['pets'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
    });
    expect(door.logged).toEqual([
      expect.objectContaining({ msg: 'unexpected error in the GraphQL door', err: expect.objectContaining({ message: expect.stringContaining('10.0.0.7') }) }),
    ]);
  });

  it('are masked in mutations too', async () => {
    door = await startGraphql({ store: failingStore(new TypeError("Cannot read properties of undefined (reading 'insertOne')")) });
    const answer = await postGraphql(door.url, { query: 'mutation { addPet(input: { name: "Rex", categoryId: "1" }) { id } }', key: door.apiKey });
    expect(JSON.stringify(answer.body)).not.toMatch(/insertOne|TypeError|stack/);
    expect(answer.body.errors?.[0]?.message).toBe('internal error');
  });
});

describe('domain errors about the whole request', () => {
  it('set the HTTP status, Retry-After and extensions.retryAfter when the database is unavailable', async () => {
    door = await startGraphql({ store: failingStore(new DomainError('service_unavailable', 'the database is unavailable', { retryAfterSeconds: 7 })) });
    const answer = await postGraphql(door.url, { query: '{ pets { id } }', key: door.apiKey });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(answer.body.errors?.[0]).toMatchObject({
      message: 'the database is unavailable',
      extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: 7 },
    });
    expect(door.logged).toEqual([]);
  });
});
