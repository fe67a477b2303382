import { METHODS } from 'node:http';
import Router, { type RouterMiddleware } from '@koa/router';
import type Koa from 'koa';
import { int64FromText, type Operation } from '@petstore/domain';
import {
  allowedMethods,
  mountDoor,
  publishedDocument,
  stringifyJson,
  type DoorDeps,
  type Exchange,
  type ExchangeState,
  type HeaderList,
  type RequestOperation,
} from '@petstore/http';
import { deprecationHeaders } from './deprecation-headers.js';
import { ROUTES, type RestMethod, type RoutedOperation } from './rest-routes.js';
import { buildDocsRouter, DOCS_PATH, type ListedDocument } from './docs/docs-page.js';
import { listInputFromQuery, queryParameters } from './list-query.js';
import { nextPageLink } from './next-link.js';
import { petJson, petsJson } from './pet-json.js';
import { apiServers, type ServerConfig } from './openapi/api-servers.js';
import { servedOpenApiDocument } from './openapi/openapi-document.js';

export type RestDeps = Pick<DoorDeps, 'pets' | 'envelope' | 'logger' | 'publicBaseUrl'> & {
  /** Other doors' documents /docs lists after this door's (the gateway adds the management API's). */
  otherDocuments?: readonly ListedDocument[];
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

type Route = RouterMiddleware<ExchangeState>;

/**
 * The contract's operations under /v1, each on the route the door's table (rest-routes.ts) gives
 * it, and the document that describes them. The key was checked when the request entered the door
 * (mountDoor); each route names its catalogue operation, admitted by the envelope before its body
 * is read with the catalogue's scope (the document's `x-petstore-scopes`) and cost: 403 without
 * the scope, then the cost charged.
 */
export function buildRestRouter(deps: RestDeps): Router<ExchangeState> {
  const apiBase = `${deps.publicBaseUrl}${REST_PREFIX}`;
  const router = new Router<ExchangeState>({ prefix: REST_PREFIX, methods: [...KNOWN_METHODS] });
  const { envelope } = deps;
  /**
   * Names the route's template (the request's trace reports it, `/v1/pets/:petId`) and its
   * operation, admits it, and runs the rest of the route in its span.
   */
  const admitted = (operation: Operation, template: string): Route => {
    const asked: readonly RequestOperation[] = [{ name: operation.name, operation, calls: 1 }];
    const options = { deprecated: operation.deprecation !== undefined };
    const route = `${REST_PREFIX}${template}`;
    return async (ctx, next) => {
      const exchange = ctx.state.exchange;
      exchange.routed(route);
      exchange.operation('rest', operation.name, options);
      await envelope.admit(exchange, asked);
      await exchange.traced(operation.name, options, next);
    };
  };
  // Like every other validation, after the key check: createPet and getPet take no query parameters.
  const noQuery: Route = async (ctx, next) => {
    queryParameters(ctx.query, []);
    await next();
  };
  const openApiJson = stringifyJson(servedOpenApiDocument(apiServers(deps.publicBaseUrl, REST_PREFIX, deps.config)));

  // Served without a key (see isPublic below): the contract itself is public.
  router.get('/openapi.json', publishedDocument(openApiJson, 'application/json; charset=utf-8'));

  // What each routed operation does once admitted; an operation of the table without one does not compile.
  const handlers: { readonly [Name in RoutedOperation]: Route[] } = {
    listPets: [
      async (ctx) => {
        const input = listInputFromQuery(ctx.query);
        const page = await deps.pets.list(input);
        sendJson(ctx.state.exchange, 200, petsJson(page.pets), page.nextCursor ? ['Link', nextPageLink(apiBase, input, page.nextCursor)] : []);
      },
    ],
    createPet: [
      noQuery,
      async (ctx) => {
        const exchange = ctx.state.exchange;
        const body = await envelope.readJson(exchange);
        const pet = await deps.pets.create(body, { idempotencyKey: exchange.idempotencyKey, accountId: exchange.principal?.accountId });
        sendJson(exchange, 201, petJson(pet), ['Location', `${apiBase}/pets/${pet.id}`]);
      },
    ],
    getPet: [
      noQuery,
      async (ctx) => {
        sendJson(ctx.state.exchange, 200, petJson(await deps.pets.get(int64FromText(ctx.params['petId'] ?? ''), 'petId')));
      },
    ],
  };
  const declare = routeDeclarer(router);
  for (const { method, template, name, operation } of ROUTES) declare[method](template, [admitted(operation, template), ...handlers[name]]);

  return router;
}

/** How a route of each method is declared on the router. */
function routeDeclarer(router: Router<ExchangeState>): Record<RestMethod, (template: string, middleware: Route[]) => void> {
  return {
    GET: (template, middleware) => router.get(template, ...middleware),
    POST: (template, middleware) => router.post(template, ...middleware),
  };
}

/** Every answer of a deprecated operation says so, a refused key included: it runs before the key check. */
function deprecationNotices(publicBaseUrl: string): Router<ExchangeState> {
  const router = new Router<ExchangeState>({ prefix: REST_PREFIX });
  const declare = routeDeclarer(router);
  for (const { method, template, operation } of ROUTES) {
    if (operation.deprecation === undefined) continue;
    const headers = Object.entries(deprecationHeaders(`${publicBaseUrl}${REST_PREFIX}`, operation.deprecation));
    declare[method](template, [
      async (ctx, next) => {
        for (const [name, value] of headers) ctx.state.exchange.header(name, value);
        await next();
      },
    ]);
  }
  return router;
}

function sendJson(exchange: Exchange, status: number, json: string, headers: HeaderList = []): void {
  headers.push('Content-Type', 'application/json; charset=utf-8');
  exchange.send(status, headers, json);
}

/**
 * Mounts the REST door on an app: its routes under /v1 (every one needs a key but the published
 * document), 405 with `Allow` for other methods on them, and the interactive reference at /docs
 * (of /v1's document, and of `otherDocuments`).
 */
export function mountRest(app: Koa<ExchangeState>, deps: RestDeps): void {
  const router = buildRestRouter(deps);
  const documents = [{ url: OPENAPI_PATH, name: 'Pet Store API (/v1)' }, ...(deps.otherDocuments ?? [])];
  const docs = buildDocsRouter(documents, apiServers(deps.publicBaseUrl, REST_PREFIX, deps.config), KNOWN_METHODS);
  mountDoor(app, deps, {
    door: 'rest',
    prefix: REST_PREFIX,
    notices: [deprecationNotices(deps.publicBaseUrl).routes()],
    routes: [router.routes(), allowedMethods(router)],
    // Without regard to case, as @koa/router matches the route.
    isPublic: (ctx) => ctx.path.toLowerCase() === OPENAPI_PATH,
  });
  mountDoor(app, deps, { door: 'rest', prefix: DOCS_PATH, routes: [docs.routes(), allowedMethods(docs)], isPublic: () => true });
}
