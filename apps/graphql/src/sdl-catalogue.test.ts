import { disagreementsWithCatalogue, stabilityInText, type PublishedOperation } from '@petstore/testing';
import { buildSchema, OperationTypeNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ROOT_FIELDS } from './analysis/root-field-operations.js';
import { loadSchemaSdl } from './schema.js';

describe('the SDL and the operation catalogue', () => {
  it('says of every root field what the catalogue says of its operation: the scope and stability in its description, @deprecated with the sunset day', () => {
    const schema = buildSchema(loadSchemaSdl());
    const published: PublishedOperation[] = [OperationTypeNode.QUERY, OperationTypeNode.MUTATION, OperationTypeNode.SUBSCRIPTION].flatMap((type) => {
      const rootType = schema.getRootType(type);
      return Object.values(rootType?.getFields() ?? {}).map((field) => {
        const description = field.description ?? '';
        return {
          name: `${rootType?.name}.${field.name}`,
          scopes: [...description.matchAll(/Needs the `([^`]+)` scope\./g)].map((match) => match[1] ?? ''),
          deprecated: typeof field.deprecationReason === 'string',
          removal: field.deprecationReason ?? '',
          stability: { description: stabilityInText(description) },
        };
      });
    });
    const document = 'apps/graphql/src/schema.graphql';
    expect(disagreementsWithCatalogue({ document, names: Object.keys(ROOT_FIELDS.names), operationOf: ROOT_FIELDS.operationOf, published })).toEqual(
      [],
    );
  });
});
