import { createBaseApp, requestListener } from '@petstore/http';
import { afterEach, describe, expect, it } from 'vitest';
import { mountGraphql, type GraphqlDoor } from './app.js';
import { postGraphql } from './testing/graphql-call.js';
import { startGraphqlService, type TestGraphql } from './testing/start-graphql.js';

let listening: TestGraphql | undefined;
afterEach(async () => {
  await listening?.close();
  listening = undefined;
});

describe('mountGraphql', () => {
  it('serves /graphql on an existing app and passes every other path to the next middleware', async () => {
    let door: GraphqlDoor | undefined;
    listening = await startGraphqlService(async (runtime) => {
      const app = createBaseApp(runtime);
      door = await mountGraphql(app, runtime);
      app.use((ctx) => {
        ctx.body = { servedBy: 'next middleware', path: ctx.path };
      });
      return requestListener(app);
    });

    const graphql = await postGraphql(listening.url, { query: '{ pets { id } }', key: listening.apiKey });
    const other = await fetch(`${listening.origin}/v1/pets`);
    expect(graphql.body).toEqual({ data: { pets: [] } });
    expect(await other.json()).toEqual({ servedBy: 'next middleware', path: '/v1/pets' });
    await expect(door?.stop()).resolves.toBeUndefined();
  });
});
