import { buildSchema, OperationTypeNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadSchemaSdl } from '../schema.js';
import { rootFieldOperation } from './root-field-operations.js';

const schema = buildSchema(loadSchemaSdl());

describe('rootFieldOperation', () => {
  it('gives every root field of the schema the scope its description names, reads for Query and writes for Mutation', () => {
    const scopes = [OperationTypeNode.QUERY, OperationTypeNode.MUTATION].flatMap((type) => {
      const rootType = schema.getRootType(type);
      return Object.values(rootType?.getFields() ?? {}).map((field) => {
        const operation = rootFieldOperation(rootType?.name ?? '', field.name);
        const scope = operation?.scope;
        return {
          type,
          field: field.name,
          operation: operation?.name,
          scope,
          described: field.description?.endsWith(`Needs the \`${scope}\` scope.`),
        };
      });
    });
    expect(scopes).toEqual([
      { type: 'query', field: 'pets', operation: 'listPets', scope: 'pets:read', described: true },
      { type: 'query', field: 'petsPage', operation: 'listPets', scope: 'pets:read', described: true },
      { type: 'query', field: 'pet', operation: 'getPet', scope: 'pets:read', described: true },
      { type: 'mutation', field: 'addPet', operation: 'createPet', scope: 'pets:write', described: true },
    ]);
  });

  it('holds no operation for introspection fields, fields a root type lacks, or a subscription, which the schema has not', () => {
    expect(rootFieldOperation('Query', '__typename')).toBeNull();
    expect(rootFieldOperation('Query', '__schema')).toBeNull();
    expect(rootFieldOperation('Query', 'addPet')).toBeNull();
    expect(rootFieldOperation('Mutation', 'pets')).toBeNull();
    expect(rootFieldOperation('Query', 'hasOwnProperty')).toBeNull();
    expect(rootFieldOperation('Subscription', 'pets')).toBeNull();
  });
});
