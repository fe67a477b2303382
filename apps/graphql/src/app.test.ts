import { createBaseApp, requestListener } from '@petstore/http';
import { afterEach, describe, expect, it } from 'vitest';
import { mountGraphql } from './app.js';
import { postGraphql } from './testing/graphql-call.js';
import { listen, testDoorDeps, type Listening } from './testing/start-graphql.js';

let listening: Listening | undefined;
afterEach(async () => {
  await listening?.close();
  listening = undefined;
});

describe('mountGraphql', () => {
  it('serves /graphql on an existing app and passes every other path to the next middleware', async () => {
    const { deps, apiKey } = await testDoorDeps();
    const app = createBaseApp({ logger: deps.logger });
    const door = await mountGraphql(app, deps);
    app.use((ctx) => {
      ctx.body = { servedBy: 'next middleware', path: ctx.path };
    });
    listening = await listen(requestListener(app));

    const graphql = await postGraphql(`${listening.origin}/graphql`, { query: '{ pets { id } }', key: apiKey });
    const other = await fetch(`${listening.origin}/v1/pets`);
    expect(graphql.body).toEqual({ data: { pets: [] } });
    expect(await other.json()).toEqual({ servedBy: 'next middleware', path: '/v1/pets' });
    await expect(door.stop()).resolves.toBeUndefined();
  });
});
