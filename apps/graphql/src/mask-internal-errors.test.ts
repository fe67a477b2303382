import { DomainError, type PetStore } from '@petstore/domain';
import { createEnvelope } from '@petstore/http';
import { composeDoors } from '@petstore/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { mountGraphqlFromConfig } from './app.js';
import { postGraphql } from './testing/graphql-call.js';
import { startGraphql, startGraphqlService, type TestGraphql } from './testing/start-graphql.js';

let running: TestGraphql | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(store: PetStore): Promise<TestGraphql> {
  const door = await startGraphql({ store });
  running = door;
  return door;
}

/** A store whose every call fails with `error`, as a broken database driver would. */
function failingStore(error: Error): PetStore {
  const fail = async (): Promise<never> => {
    throw error;
  };
  return { insert: fail, list: fail, get: fail };
}

describe('errors the door did not expect', () => {
  it('are answered as "internal error" without their message or stack, and logged with their cause', async () => {
    const door = await start(failingStore(new Error('connection to 10.0.0.7:27017 refused for user admin')));
    const answer = await postGraphql(door.url, { query: '{ pets { id } }', key: door.apiKey });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: null,
      errors: [{ message: 'internal error', locations: [{ line: 1, column: 3 }], path: ['pets'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
    });
    expect(door.logged).toEqual([
      expect.objectContaining({
        msg: 'unexpected error',
        door: 'graphql',
        err: expect.objectContaining({ message: expect.stringContaining('10.0.0.7') }),
      }),
    ]);
  });

  it('are masked when the key check itself fails, before any field runs', async () => {
    const failingKeyCheck = async (): Promise<never> => {
      throw new Error('key store: socket hang up');
    };
    running = await startGraphqlService((runtime) =>
      composeDoors({ ...runtime, envelope: createEnvelope({ authenticate: failingKeyCheck }) }, [mountGraphqlFromConfig]),
    );
    const answer = await postGraphql(running.url, { query: '{ pets { id } }', key: running.apiKey });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ errors: [{ message: 'internal error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    expect(running.logged).toEqual([expect.objectContaining({ err: expect.objectContaining({ message: 'key store: socket hang up' }) })]);
  });

  it('are masked in mutations too', async () => {
    const door = await start(failingStore(new TypeError("Cannot read properties of undefined (reading 'insertOne')")));
    const answer = await postGraphql(door.url, { query: 'mutation { addPet(input: { name: "Rex", categoryId: "1" }) { id } }', key: door.apiKey });
    expect(JSON.stringify(answer.body)).not.toMatch(/insertOne|TypeError|stack/);
    expect(answer.body.errors?.[0]?.message).toBe('internal error');
  });
});

describe('domain errors about the whole request', () => {
  it('set the HTTP status, Retry-After and extensions.retryAfter when the database is unavailable', async () => {
    const door = await start(failingStore(new DomainError('service_unavailable', 'the database is unavailable', { retryAfterSeconds: 7 })));
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
