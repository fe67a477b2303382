import { createBaseApp } from '@petstore/http';
import { composeDoors, type Service } from '@petstore/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { mountGraphql, mountGraphqlFromConfig } from './app.js';
import { postGraphql } from './testing/graphql-call.js';
import { startGraphqlService, type TestGraphql } from './testing/start-graphql.js';

let listening: TestGraphql | undefined;
afterEach(async () => {
  await listening?.close();
  listening = undefined;
});

describe('mountGraphql', () => {
  it('serves /graphql on an existing app, once started, and passes every other path to the next middleware', async () => {
    listening = await startGraphqlService((runtime) => {
      const app = createBaseApp(runtime);
      const door = mountGraphql(app, runtime);
      // Answered as every answer is, through the request's exchange.
      app.use((exchange) => {
        exchange.send(200, ['Content-Type', 'application/json'], JSON.stringify({ servedBy: 'next middleware', path: exchange.path }));
      });
      return { listener: app.listener(), ...door };
    });

    const graphql = await postGraphql(listening.url, { query: '{ pets { id } }', key: listening.apiKey });
    const other = await fetch(`${listening.origin}/v1/pets`);
    expect(graphql.body).toEqual({ data: { pets: [] } });
    expect(await other.json()).toEqual({ servedBy: 'next middleware', path: '/v1/pets' });
  });
});

describe('the GraphQL door composed as the gateway composes it', () => {
  it('starts nothing itself: the process starts Apollo before it listens and stops it on close', async () => {
    let built: Service | undefined;
    listening = await startGraphqlService(async (runtime) => {
      built = composeDoors(runtime, [mountGraphqlFromConfig]);
      // Apollo refuses to stop what has not started.
      await expect(built.stop()).rejects.toThrow(/start\(\)/);
      return built;
    });
    expect((await postGraphql(listening.url, { query: '{ pets { id } }', key: listening.apiKey })).body).toEqual({ data: { pets: [] } });
    await listening.close();
    listening = undefined;
    // Stopped by the close: Apollo refuses to start again.
    await expect(built?.start()).rejects.toThrow();
  });
});
