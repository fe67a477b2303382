import type { Stability } from '@petstore/domain';
import { disagreementsWithCatalogue, stabilityInText, type PublishedOperation } from '@petstore/testing';
import { describe, expect, it } from 'vitest';
import { REST_ROUTES } from '../rest-routes.js';
import { doc } from '../testing/document-schemas.js';

/** Each operation of the document under the REST door's name for it: its method and route template (`{petId}` as `:petId`). */
const described = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation })),
);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

describe('the OpenAPI document and the operation catalogue', () => {
  it('says of every route what the catalogue says of its operation: scope, deprecation and sunset, stability in x-stability and the description', () => {
    const published: PublishedOperation[] = described.map(({ route, operation }) => {
      const description = text(operation['description']);
      return {
        name: route,
        scopes: (operation['x-petstore-scopes'] ?? []) as string[],
        deprecated: operation['deprecated'] === true,
        removal: `${text(operation['x-sunset'])} ${description}`,
        stability: { 'x-stability': operation['x-stability'] as Stability | undefined, description: stabilityInText(description) },
      };
    });
    const document = 'apps/rest/openapi/openapi.json';
    expect(disagreementsWithCatalogue({ document, names: Object.keys(REST_ROUTES.names), operationOf: REST_ROUTES.operationOf, published })).toEqual(
      [],
    );
  });

  it("names each operation after its catalogue operation, the name the REST client's types use", () => {
    for (const { route, operation } of described) expect(operation['operationId'], route).toBe(REST_ROUTES.operationOf(route)?.name);
  });
});
