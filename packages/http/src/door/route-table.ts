import { CATALOGUE, type Operation, type OperationName } from '@petstore/domain';
import type { Handler } from './handler.js';

/** The methods a door's routes are declared with. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route as a door declares it: its method, its template under the door's prefix, and its handlers, run in order. */
export interface Route {
  method: RouteMethod;
  /** As @koa/router writes it, such as `/pets/:petId`, whose parameters the handlers read with `exchange.param()`; `/` is the prefix itself. */
  template: string;
  handlers: readonly Handler[];
}

/** One route of a door's table: its method and template (as @koa/router writes it) and the catalogue operation it serves. */
export interface RouteOfOperation<Method extends string, Name extends OperationName> {
  method: Method;
  /** Under the door's prefix, such as `/pets/:petId`. */
  template: string;
  name: Name;
  operation: Operation;
}

/**
 * The routes of a door's table (`'GET /pets': 'listPets'`, …), in the order written, each with its
 * catalogue entry: what the REST and management doors declare as their routes and describe in
 * their documents.
 */
export function routesOf<Method extends string, Name extends OperationName>(
  names: Readonly<Record<`${Method} /${string}`, Name>>,
): RouteOfOperation<Method, Name>[] {
  return Object.entries<Name>(names).map(([route, name]) => {
    const [method, template] = route.split(' ') as [Method, string];
    return { method, template, name, operation: CATALOGUE[name] };
  });
}
