import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { underPrefix } from './under-prefix.js';

describe('underPrefix', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    type Marked = { first?: string };
    const app = new Koa<Marked>();
    const answer = (ctx: Koa.ParameterizedContext<Marked>, text: string): void => {
      ctx.body = { text, first: ctx.state.first ?? null };
    };
    // Two steps, to show the chain runs in order: the first marks the request, the second answers /v1/pets.
    app.use(
      underPrefix<Koa.ParameterizedContext<Marked>>(
        '/v1',
        async (ctx, next) => {
          ctx.state.first = 'ran';
          await next();
        },
        async (ctx, next) => {
          if (ctx.path === '/v1/pets') answer(ctx, 'pets');
          else await next();
        },
      ),
    );
    app.use((ctx) => answer(ctx, `fell through: ${ctx.path}`));
    const handle = app.callback();
    server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (path: string): Promise<[string, string | null]> => {
    const answer = (await (await fetch(`${base}${path}`)).json()) as { text: string; first: string | null };
    return [answer.text, answer.first];
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
