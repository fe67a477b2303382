import { buildSchema, OperationTypeNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadSchemaSdl } from '../schema.js';
import { rootFieldScope } from './root-field-scopes.js';

const schema = buildSchema(loadSchemaSdl());

describe('rootFieldScope', () => {
  it('gives every root field of the schema the scope its description names, reads for Query and writes for Mutation', () => {
    const scopes = [OperationTypeNode.QUERY, OperationTypeNode.MUTATION].flatMap((type) =>
      Object.values(schema.getRootType(type)?.getFields() ?? {}).map((field) => {
        const scope = rootFieldScope(type, field.name);
        return { type, field: field.name, scope, described: field.description?.endsWith(`Needs the \`${scope}\` scope.`) };
      }),
    );
    expect(scopes).toEqual([
      { type: 'query', field: 'pets', scope: 'pets:read', described: true },
      { type: 'query', field: 'petsPage', scope: 'pets:read', described: true },
      { type: 'query', field: 'pet', scope: 'pets:read', described: true },
      { type: 'mutation', field: 'addPet', scope: 'pets:write', described: true },
    ]);
  });

  it('asks no scope for introspection fields, fields a root type lacks, or a subscription, which the schema has not', () => {
    expect(rootFieldScope(OperationTypeNode.QUERY, '__typename')).toBeNull();
    expect(rootFieldScope(OperationTypeNode.QUERY, '__schema')).toBeNull();
    expect(rootFieldScope(OperationTypeNode.QUERY, 'addPet')).toBeNull();
    expect(rootFieldScope(OperationTypeNode.MUTATION, 'pets')).toBeNull();
    expect(rootFieldScope(OperationTypeNode.QUERY, 'hasOwnProperty')).toBeNull();
    expect(rootFieldScope(OperationTypeNode.SUBSCRIPTION, 'pets')).toBeNull();
  });
});
