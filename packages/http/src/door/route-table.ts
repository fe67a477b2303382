import { CATALOGUE, type Operation, type OperationName } from '@petstore/domain';

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
 * catalogue entry: what the REST and management doors register with their routers and describe in
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
