import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestListener } from '../request-listener.js';
import { underPrefix } from './under-prefix.js';

describe('underPrefix', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = new Koa();
    // Two steps, to show the chain runs in order: the first marks the request, the second answers /v1/pets.
    app.use(
      underPrefix(
        '/v1',
        async (ctx, next) => {
          ctx.set('X-First', 'ran');
          await next();
        },
        async (ctx, next) => {
          if (ctx.path === '/v1/pets') ctx.body = 'pets';
          else await next();
        },
      ),
    );
    app.use((ctx) => {
      ctx.body = `fell through: ${ctx.path}`;
    });
    server = createServer(requestListener(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (path: string): Promise<[string, string | null]> => {
    const response = await fetch(`${base}${path}`);
    return [await response.text(), response.headers.get('X-First')];
  };

  it('runs the chain, in order, for paths under the prefix', async () => {
    expect(await get('/v1/pets')).toEqual(['pets', 'ran']);
  });

  it('matches the prefix without regard to case, as the routers behind it match paths', async () => {
    expect(await get('/V1/cats')).toEqual(['fell through: /V1/cats', 'ran']);
  });

  it('lets a path under the prefix that the chain does not answer fall through to what follows', async () => {
    expect(await get('/v1/cats')).toEqual(['fell through: /v1/cats', 'ran']);
    expect(await get('/v1')).toEqual(['fell through: /v1', 'ran']);
  });

  it('passes other paths on without running the chain, a longer segment with the same start included', async () => {
    expect(await get('/v1x/pets')).toEqual(['fell through: /v1x/pets', null]);
    expect(await get('/graphql')).toEqual(['fell through: /graphql', null]);
  });
});
