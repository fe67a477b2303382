import Router from '@koa/router';
import type Koa from 'koa';
import { createBaseApp, readJsonBody, requireApiKey, type AuthState, type DoorDeps } from '@petstore/http';
import { deprecationHeaders } from './deprecation-headers.js';
import { idFromPath, listInputFromQuery } from './list-query.js';
import { nextPageLink } from './next-link.js';

export type RestDeps = Pick<DoorDeps, 'pets' | 'authenticate' | 'maxBodyBytes' | 'publicBaseUrl'>;

export const REST_PREFIX = '/v1';

/** The contract's three operations under /v1. */
export function buildRestRouter(deps: RestDeps): Router<AuthState> {
  const apiBase = `${deps.publicBaseUrl}${REST_PREFIX}`;
  const router = new Router<AuthState>({ prefix: REST_PREFIX });
  const auth = requireApiKey(deps.authenticate);

  router.get('/pets', auth, async (ctx) => {
    const input = listInputFromQuery(ctx.query);
    const page = await deps.pets.list(input);
    if (page.nextCursor) ctx.set('Link', nextPageLink(apiBase, input, page.nextCursor));
    ctx.body = page.pets;
  });

  router.post('/pets', auth, async (ctx) => {
    const body = await readJsonBody(ctx, deps.maxBodyBytes);
    const pet = await deps.pets.create(body);
    ctx.status = 201;
    ctx.set('Location', `${apiBase}/pets/${pet.id}`);
    ctx.body = pet;
  });

  router.get(
    '/pets/:petId',
    async (ctx, next) => {
      ctx.set(deprecationHeaders(apiBase));
      await next();
    },
    auth,
    async (ctx) => {
      ctx.body = await deps.pets.get(idFromPath(ctx.params['petId'] ?? ''), 'petId');
    },
  );

  return router;
}

/** Mounts the REST door on an app: its routes, then 405 with `Allow` for other methods on them. */
export function mountRest(app: Koa, deps: RestDeps): void {
  const router = buildRestRouter(deps);
  app.use(router.routes());
  app.use(router.allowedMethods());
}

/** The REST door alone, for running it without the other doors. */
export function buildRestApp(deps: DoorDeps, ready?: () => Promise<boolean>): Koa {
  const app = createBaseApp({ logger: deps.logger, ...(ready && { ready }) });
  mountRest(app, deps);
  return app;
}
