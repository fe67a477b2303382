import { doorTable, type OfferedBy, type OperationOn } from '@petstore/domain';
import { routesOf, type RouteMethod, type RouteOfOperation as RouteOf } from '@petstore/http';

/** The methods the door's routes use so far. */
export type RestMethod = Extract<RouteMethod, 'GET' | 'POST'>;

/** The REST door's own name for an operation: its method and route template under /v1, as @koa/router writes it. */
export type RestRoute = `${RestMethod} /${string}`;

/**
 * The REST door's table: each route under /v1 and the catalogue operation it serves, which is also
 * its `operationId` in the OpenAPI document. The route's scope, cost, deprecation and stability
 * are the catalogue's; every operation of the pets surface is routed here or left out with a reason.
 */
export const REST_ROUTES = doorTable(
  'pets',
  {
    'GET /pets': 'listPets',
    'POST /pets': 'createPet',
    'GET /pets/:petId': 'getPet',
  } satisfies Record<RestRoute, OperationOn<'pets'>>,
  {},
);

/** The operations the door routes. */
export type RoutedOperation = OfferedBy<typeof REST_ROUTES.names>;

/** A route of the door's table with its catalogue entry. */
export type RouteOfOperation = RouteOf<RestMethod, RoutedOperation>;

/** Every route of the table, in the order written. */
export const ROUTES: readonly RouteOfOperation[] = routesOf<RestMethod, RoutedOperation>(REST_ROUTES.names);
