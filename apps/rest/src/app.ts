import { int64FromText, type Operation } from '@petstore/domain';
import {
  publishedDocument,
  stringifyJson,
  type DoorDeps,
  type Exchange,
  type Handler,
  type HeaderList,
  type HttpApp,
  type RequestOperation,
  type Route,
} from '@petstore/http';
import { deprecationHeaders } from './deprecation-headers.js';
import { ROUTES, type RoutedOperation } from './rest-routes.js';
import { docsRoutes, DOCS_PATH, type ListedDocument } from './docs/docs-page.js';
import { listInputFromQuery, queryParameters } from './list-query.js';
import { nextPageLink } from './next-link.js';
import { petJson, petsJson } from './pet-json.js';
import { apiServers, type ServerConfig } from './openapi/api-servers.js';
import { v1OpenApiDocument } from './openapi/v1-document.js';

export type RestDeps = Pick<DoorDeps, 'pets' | 'envelope' | 'logger' | 'publicBaseUrl' | 'publicOrigin'> & {
  /** Other doors' documents /docs lists after this door's (the gateway adds the management API's). */
  otherDocuments?: readonly ListedDocument[];
  /**
   * The environments the published document lists (a Runtime carries them as `config`);
   * when absent, the defaults of PETSTORE_PRODUCTION_URL and PETSTORE_STAGING_URL.
   */
  config?: ServerConfig;
};

export const REST_PREFIX = '/v1';
export const OPENAPI_PATH = `${REST_PREFIX}/openapi.json`;

/**
 * The contract's operations under /v1, each on the route the door's table (rest-routes.ts) gives
 * it, and the document that describes them. The key was checked when the request entered the door
 * (mountDoor); each route names its catalogue operation, admitted by the envelope before its body
 * is read with the catalogue's scope (the document's `x-petstore-scopes`) and cost: 403 without
 * the scope, then the cost charged.
 */
export function restRoutes(deps: RestDeps): Route[] {
  // Absolute, from the origin as it is when the request is answered (known once the server listens).
  const apiBase = (): string => `${deps.publicOrigin()}${REST_PREFIX}`;
  const { envelope } = deps;
  /**
   * Names the route's template (the request's trace reports it, `/v1/pets/:petId`) and its
   * operation, admits it, and runs the rest of the route in its span.
   */
  const admitted = (operation: Operation, template: string): Handler => {
    const asked: readonly RequestOperation[] = [{ name: operation.name, operation, calls: 1 }];
    const options = { deprecated: operation.deprecation !== undefined };
    const route = `${REST_PREFIX}${template}`;
    return async (exchange, next) => {
      exchange.routed(route);
      exchange.operation('rest', operation.name, options);
      await envelope.admit(exchange, asked);
      await exchange.traced(operation.name, options, next);
    };
  };
  // Like every other validation, after the key check: createPet and getPet take no query parameters.
  const noQuery: Handler = async (exchange, next) => {
    queryParameters(exchange.query(), []);
    await next();
  };
  // Generated once, when the door is built, with the servers of this deployment.
  const servers = apiServers(deps.publicBaseUrl, REST_PREFIX, deps.config);
  const openApiJson = stringifyJson(v1OpenApiDocument({ apiPrefix: REST_PREFIX, servers }));

  // What each routed operation does once admitted; an operation of the table without one does not compile.
  const handlers: { readonly [Name in RoutedOperation]: Handler[] } = {
    listPets: [
      async (exchange) => {
        const input = listInputFromQuery(exchange.query());
        const page = await deps.pets.list(input);
        sendJson(exchange, 200, petsJson(page.pets), page.nextCursor ? ['Link', nextPageLink(apiBase(), input, page.nextCursor)] : []);
      },
    ],
    createPet: [
      noQuery,
      async (exchange) => {
        const body = await exchange.json();
        const pet = await deps.pets.create(body, { idempotencyKey: exchange.idempotencyKey, accountId: exchange.principal?.accountId });
        sendJson(exchange, 201, petJson(pet), ['Location', `${apiBase()}/pets/${pet.id}`]);
      },
    ],
    getPet: [
      noQuery,
      async (exchange) => {
        sendJson(exchange, 200, petJson(await deps.pets.get(int64FromText(exchange.param('petId') ?? ''), 'petId')));
      },
    ],
  };
  return [
    // Served without a key (see isPublic below): the contract itself is public.
    { method: 'GET', template: '/openapi.json', handlers: [publishedDocument(openApiJson, 'application/json; charset=utf-8')] },
    ...ROUTES.map(({ method, template, name, operation }) => ({ method, template, handlers: [admitted(operation, template), ...handlers[name]] })),
  ];
}

/** Every answer of a deprecated operation says so, a refused key included: it runs before the key check. */
function deprecationNotices(publicOrigin: () => string): Route[] {
  return ROUTES.flatMap(({ method, template, operation }) => {
    const { deprecation } = operation;
    if (deprecation === undefined) return [];
    const notice: Handler = async (exchange, next) => {
      for (const [name, value] of Object.entries(deprecationHeaders(`${publicOrigin()}${REST_PREFIX}`, deprecation)))
        exchange.stageHeader(name, value);
      await next();
    };
    return [{ method, template, handlers: [notice] }];
  });
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
export function mountRest(app: HttpApp, deps: RestDeps): void {
  const documents = [{ url: OPENAPI_PATH, name: 'Pet Store API (/v1)' }, ...(deps.otherDocuments ?? [])];
  app.mount(deps, {
    door: 'rest',
    prefix: REST_PREFIX,
    notices: deprecationNotices(deps.publicOrigin),
    routes: restRoutes(deps),
    // Without regard to case, as @koa/router matches the route.
    isPublic: (exchange) => exchange.path.toLowerCase() === OPENAPI_PATH,
  });
  app.mount(deps, {
    door: 'rest',
    prefix: DOCS_PATH,
    routes: docsRoutes(documents, apiServers(deps.publicBaseUrl, REST_PREFIX, deps.config)),
    isPublic: () => true,
  });
}
