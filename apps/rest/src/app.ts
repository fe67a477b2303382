import { METHODS } from 'node:http';
import Router from '@koa/router';
import type Koa from 'koa';
import { int64FromText } from '@petstore/domain';
import {
  createBaseApp,
  idempotencyKeyOf,
  publishedDocument,
  reportOperation,
  sendWhole,
  stringifyJson,
  underPrefix,
  type AuthState,
  type DoorDeps,
  type HeaderList,
} from '@petstore/http';
import { deprecationHeaders } from './deprecation-headers.js';
import { buildDocsRouter, DOCS_PATH } from './docs/docs-page.js';
import { listInputFromQuery, queryParameters } from './list-query.js';
import { nextPageLink } from './next-link.js';
import { petJson, petsJson } from './pet-json.js';
import { apiServers, type ServerConfig } from './openapi/api-servers.js';
import { servedOpenApiDocument } from './openapi/openapi-document.js';

export type RestDeps = Pick<DoorDeps, 'pets' | 'envelope' | 'publicBaseUrl'> & {
  /**
   * The environments the published document lists (a Runtime carries them as `config`);
   * when absent, the defaults of PETSTORE_PRODUCTION_URL and PETSTORE_STAGING_URL.
   */
  config?: ServerConfig;
};

export const REST_PREFIX = '/v1';

/**
 * Every method Node accepts, so that one a resource lacks gets 405 with `Allow` (RFC 9110 §15.5.6)
 * rather than the router's 501, which says the server knows the method for no resource at all.
 */
export const KNOWN_METHODS: readonly string[] = METHODS;
export const OPENAPI_PATH = `${REST_PREFIX}/openapi.json`;

/** The contract's three operations under /v1, and the document that describes them. */
export function buildRestRouter(deps: RestDeps): Router<AuthState> {
  const apiBase = `${deps.publicBaseUrl}${REST_PREFIX}`;
  const router = new Router<AuthState>({ prefix: REST_PREFIX, methods: [...KNOWN_METHODS] });
  // Every REST request is one operation: the key check and its cost of 1, before the body is read.
  const auth = deps.envelope.admitting(1);
  // After the key check, like every other validation: createPet and getPet take no query parameters.
  const noQuery: Koa.Middleware<AuthState> = async (ctx, next) => {
    queryParameters(ctx.query, []);
    await next();
  };
  const openApiJson = stringifyJson(servedOpenApiDocument(apiServers(deps.publicBaseUrl, REST_PREFIX, deps.config)));

  // Before any key check: the contract itself is public.
  router.get('/openapi.json', publishedDocument(openApiJson, 'application/json; charset=utf-8'));

  router.get('/pets', reportOperation('rest', 'listPets'), auth, async (ctx) => {
    const input = listInputFromQuery(ctx.query);
    const page = await deps.pets.list(input);
    sendJson(ctx, 200, petsJson(page.pets), page.nextCursor ? ['Link', nextPageLink(apiBase, input, page.nextCursor)] : []);
  });

  router.post('/pets', reportOperation('rest', 'createPet'), auth, noQuery, async (ctx) => {
    const body = await deps.envelope.readJson(ctx);
    const pet = await deps.pets.create(body, {
      idempotencyKey: idempotencyKeyOf(ctx.req),
      accountId: ctx.state.principal.accountId,
    });
    sendJson(ctx, 201, petJson(pet), ['Location', `${apiBase}/pets/${pet.id}`]);
  });

  router.get(
    '/pets/:petId',
    reportOperation('rest', 'getPet', { deprecated: true }),
    async (ctx, next) => {
      ctx.set(deprecationHeaders(apiBase));
      await next();
    },
    auth,
    noQuery,
    async (ctx) => {
      sendJson(ctx, 200, petJson(await deps.pets.get(int64FromText(ctx.params['petId'] ?? ''), 'petId')));
    },
  );

  return router;
}

/** A success is sent whole, its head in one write (see ServiceResponse); refusals go through the envelope's writer. */
function sendJson(ctx: Koa.Context, status: number, json: string, headers: HeaderList = []): void {
  ctx.respond = false;
  headers.push('Content-Type', 'application/json; charset=utf-8');
  sendWhole(ctx.res, status, headers, json);
}

/**
 * Mounts the REST door on an app: its routes, 405 with `Allow` for other methods on them, and the
 * interactive reference at /docs. Nothing here needs a key but the three operations.
 */
export function mountRest(app: Koa, deps: RestDeps): void {
  const router = buildRestRouter(deps);
  const docs = buildDocsRouter(OPENAPI_PATH, apiServers(deps.publicBaseUrl, REST_PREFIX, deps.config), KNOWN_METHODS);
  app.use(underPrefix(REST_PREFIX, router.routes(), router.allowedMethods()));
  app.use(underPrefix(DOCS_PATH, docs.routes(), docs.allowedMethods()));
}

/** The REST door alone, for running it without the other doors. */
export function buildRestApp(deps: DoorDeps & Pick<RestDeps, 'config'>, ready?: () => Promise<boolean>): Koa {
  const app = createBaseApp({ logger: deps.logger, ...(ready && { ready }) });
  mountRest(app, deps);
  return app;
}
