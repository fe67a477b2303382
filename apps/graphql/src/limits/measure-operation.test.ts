import { getIntrospectionQuery, Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GRAPHQL_LIMITS } from './graphql-limits.js';
import { measureSelectionSet, type OperationSize } from './measure-operation.js';

function measure(document: string): OperationSize {
  const parsed = parse(document);
  const operation = parsed.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const fragments = parsed.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
  if (!operation) throw new Error('no operation');
  return measureSelectionSet(operation.selectionSet, (name) => fragments.find((f) => f.name.value === name));
}

describe('measureSelectionSet', () => {
  it('counts depth as the deepest field nesting', () => {
    expect(measure('{ pets { id } petsPage { pets { id name } nextCursor } }')).toEqual({ depth: 3, aliases: 0, selections: 7 });
  });

  it('counts aliases wherever they are', () => {
    expect(measure('{ a: pets { x: id } b: pets { id } }')).toMatchObject({ aliases: 3 });
  });

  it('expands fragments and inline fragments, a fragment once per spread', () => {
    const size = measure('{ petsPage { pets { ...P ...P ... on Pet { n: name } } } } fragment P on Pet { id c: categoryId }');
    expect(size).toEqual({ depth: 3, aliases: 3, selections: 7 });
  });

  it('counts fragments spread inside fragments multiplicatively', () => {
    const size = measure('{ pets { ...A } } fragment A on Pet { ...B ...B ...B } fragment B on Pet { id id id }');
    expect(size.selections).toBe(1 + 9);
  });

  it('measures a fragment cycle as nothing, leaving it to the cycle rule', () => {
    expect(measure('{ pets { ...A } } fragment A on Pet { id ...B } fragment B on Pet { ...A }').selections).toBe(2);
  });

  it('leaves introspection depth and size to graphql-js but still counts its aliases', () => {
    const size = measure('{ __schema { a: types { b: fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }');
    expect(size).toEqual({ depth: 1, aliases: 2, selections: 1 });
  });

  it('keeps the standard introspection query within the default limits', () => {
    const size = measure(getIntrospectionQuery());
    expect(size.depth).toBeLessThanOrEqual(DEFAULT_GRAPHQL_LIMITS.depth);
    expect(size.selections).toBeLessThanOrEqual(DEFAULT_GRAPHQL_LIMITS.selections);
    expect(size.aliases).toBeLessThanOrEqual(DEFAULT_GRAPHQL_LIMITS.aliases);
  });
});
