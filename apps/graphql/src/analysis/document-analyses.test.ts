import { costOf as costOfOperation, type RequestOperation } from '@petstore/http';
import { getIntrospectionQuery, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { executableSchema } from '../execution/executable-schema.js';
import { GRAPHQL_LIMITS } from '../limits/graphql-limits.js';
import type { OperationAnalysis } from './analyse-operation.js';
import { chosenOperation, DEFAULT_ANALYSIS_CACHE_BYTES, DocumentAnalyses } from './document-analyses.js';
import { graphqlRequestOperations } from './request-operations.js';

const { schema } = executableSchema({} as never);
const analyses = () => new DocumentAnalyses(schema, 1000);

function analyse(document: string, operationName?: string): OperationAnalysis {
  const operation = chosenOperation(analyses().ofText(document), operationName);
  if (!operation) throw new Error('no operation');
  return operation;
}

const size = ({ depth, aliases, selections }: OperationAnalysis) => ({ depth, aliases, selections });

/** What the envelope makes of an operation asked: the scope its catalogue operation needs, and what its calls cost. */
const applied = (operation: RequestOperation) => ({
  name: operation.name,
  scope: operation.operation?.scope ?? null,
  cost: costOfOperation(operation),
});

describe('the analysis of an operation: its size', () => {
  it('counts depth as the deepest field nesting', () => {
    expect(size(analyse('{ pets { id } petsPage { pets { id name } nextCursor } }'))).toEqual({ depth: 3, aliases: 0, selections: 7 });
  });

  it('counts aliases wherever they are', () => {
    expect(analyse('{ a: pets { x: id } b: pets { id } }')).toMatchObject({ aliases: 3 });
  });

  it('expands fragments and inline fragments, a fragment once per spread', () => {
    const measured = analyse('{ petsPage { pets { ...P ...P ... on Pet { n: name } } } } fragment P on Pet { id c: categoryId }');
    expect(size(measured)).toEqual({ depth: 3, aliases: 3, selections: 7 });
  });

  it('counts fragments spread inside fragments multiplicatively', () => {
    expect(analyse('{ pets { ...A } } fragment A on Pet { ...B ...B ...B } fragment B on Pet { id id id }').selections).toBe(1 + 9);
  });

  it('measures a fragment cycle as nothing, leaving it to the cycle rule', () => {
    expect(analyse('{ pets { ...A } } fragment A on Pet { id ...B } fragment B on Pet { ...A }').selections).toBe(2);
  });

  it('leaves introspection depth and size to graphql-js but still counts its aliases', () => {
    const measured = analyse('{ __schema { a: types { b: fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }');
    expect(size(measured)).toEqual({ depth: 1, aliases: 2, selections: 1 });
  });

  it('keeps the standard introspection query within the default limits', () => {
    const measured = analyse(getIntrospectionQuery());
    expect(measured.depth).toBeLessThanOrEqual(GRAPHQL_LIMITS.depth);
    expect(measured.selections).toBeLessThanOrEqual(GRAPHQL_LIMITS.selections);
    expect(measured.aliases).toBeLessThanOrEqual(GRAPHQL_LIMITS.aliases);
  });
});

describe('the analysis of an operation: what the report and the trace need', () => {
  it('names its type and its root fields by schema name, sorted, through fragments', () => {
    const measured = analyse(
      'mutation M { ...F b: addPet(input: { name: "b", categoryId: "1" }) { id } } fragment F on Mutation { a: addPet(input: { name: "a", categoryId: "1" }) { id } }',
    );
    expect(measured).toMatchObject({ type: 'mutation', rootFields: ['addPet'], deprecated: false });
    expect(analyse('{ __typename pets { id } petsPage { nextCursor } }').rootFields).toEqual(['__typename', 'pets', 'petsPage']);
  });

  it('says whether a root field serves an operation the catalogue deprecates', () => {
    expect(analyse('{ pets { id } pet(id: "1") { id } }').deprecated).toBe(true);
    expect(analyse('{ pets { id } }').deprecated).toBe(false);
  });

  it('knows a subscription for what it is', () => {
    expect(analyse('subscription { __typename }')).toMatchObject({ type: 'subscription', rootFields: ['__typename'] });
  });
});

describe('graphqlRequestOperations: the cost', () => {
  const cache = analyses();
  const costOf = (body: unknown, within = cache) =>
    graphqlRequestOperations(body, within).reduce((sum, operation) => sum + costOfOperation(operation), 0);

  it('charges one per root field, each alias on its own', () => {
    expect(costOf({ query: '{ pets { id } }' })).toBe(1);
    expect(costOf({ query: '{ a: pets { id } b: pets { id } pet(id: "1") { id } }' })).toBe(3);
    expect(
      costOf({ query: 'mutation { a: addPet(input: {name: "a", categoryId: "1"}) { id } b: addPet(input: {name: "b", categoryId: "1"}) { id } }' }),
    ).toBe(2);
  });

  it('counts a root field repeated under one name once, as GraphQL runs it once', () => {
    expect(costOf({ query: '{ pets { id } pets { name } }' })).toBe(1);
  });

  it('counts root fields reached through fragments', () => {
    expect(costOf({ query: 'query { ...F ... on Query { b: pets { id } } } fragment F on Query { a: pets { id } }' })).toBe(2);
  });

  it('charges nothing for introspection-only fields', () => {
    expect(costOf({ query: '{ __schema { types { name } } __type(name: "Pet") { name } __typename }' })).toBe(0);
    expect(costOf({ query: '{ __typename pets { id } }' })).toBe(1);
  });

  it('charges a subscription like any operation, though it will be refused: introspection fields included', () => {
    expect(costOf({ query: 'subscription { __typename }' })).toBe(1);
    expect(costOf({ query: 'subscription { a: __typename b: __typename }' })).toBe(2);
  });

  it('charges the operation the request names, or the only one', () => {
    const query = 'query One { pets { id } } query Two { a: pets { id } b: pets { id } }';
    expect(costOf({ query, operationName: 'Two' })).toBe(2);
    expect(costOf({ query, operationName: 'Three' })).toBe(0);
    expect(costOf({ query })).toBe(0);
  });

  it('sums a batch', () => {
    expect(costOf([{ query: '{ a: pets { id } b: pets { id } }' }, { query: '{ pets { id } }' }, 'junk'])).toBe(3);
  });

  it('charges nothing for what does not parse or is not a request', () => {
    expect(costOf({ query: '{ pets { ' })).toBe(0);
    expect(costOf({ query: 42 })).toBe(0);
    expect(costOf(undefined)).toBe(0);
    expect(costOf({ query: '{ c: pets { id } d: pets { id } }' }, new DocumentAnalyses(schema, 5))).toBe(0);
  });
});

describe('graphqlRequestOperations: the scopes', () => {
  const cache = analyses();
  const asked = (body: unknown) => graphqlRequestOperations(body, cache).map(applied);

  it('asks pets:read for each field of Query and pets:write for addPet, each root field once with its cost', () => {
    expect(asked({ query: '{ a: pets { id } b: pets { id } petsPage { nextCursor } pet(id: "1") { id } }' })).toEqual([
      { name: 'pets', scope: 'pets:read', cost: 2 },
      { name: 'petsPage', scope: 'pets:read', cost: 1 },
      { name: 'pet', scope: 'pets:read', cost: 1 },
    ]);
    expect(asked({ query: 'mutation { addPet(input: { name: "a", categoryId: "1" }) { id } }' })).toEqual([
      { name: 'addPet', scope: 'pets:write', cost: 1 },
    ]);
  });

  it('asks no scope for introspection fields, whatever the operation', () => {
    expect(asked({ query: '{ __typename __schema { queryType { name } } }' })).toEqual([]);
    expect(asked({ query: 'mutation { __typename }' })).toEqual([]);
  });

  it('asks no scope for a field the root type lacks, which validation refuses, even one named like an Object property', () => {
    expect(asked({ query: '{ addPet toString constructor }' })).toEqual([
      { name: 'addPet', scope: null, cost: 1 },
      { name: 'toString', scope: null, cost: 1 },
      { name: 'constructor', scope: null, cost: 1 },
    ]);
  });

  it('asks the scopes of every operation of a document, charging only the one it runs', () => {
    const query = 'query L { pets { id } } mutation C { addPet(input: { name: "a", categoryId: "1" }) { id } }';
    expect(asked({ query, operationName: 'L' })).toEqual([
      { name: 'pets', scope: 'pets:read', cost: 1 },
      { name: 'addPet', scope: 'pets:write', cost: 0 },
    ]);
    expect(asked({ query, operationName: 'C' })).toEqual([
      { name: 'pets', scope: 'pets:read', cost: 0 },
      { name: 'addPet', scope: 'pets:write', cost: 1 },
    ]);
  });

  it('asks the scopes of every item of a batch', () => {
    const batch = [{ query: '{ pets { id } }' }, { query: 'mutation { addPet(input: { name: "a", categoryId: "1" }) { id } }' }];
    expect(asked(batch).map(({ scope }) => scope)).toEqual(['pets:read', 'pets:write']);
  });
});

describe('DocumentAnalyses', () => {
  it('walks a document once: the text charged and the document Apollo parsed from it share one analysis', () => {
    const cache = analyses();
    const text = 'query Q { pets { id } }';
    const charged = cache.ofText(text);
    expect(cache.ofDocument(parse(text))).toBe(charged);
    expect(cache.ofText(text)).toBe(charged);
  });

  it('analyses a document anew when its text has left the cache, keeping within its bound', () => {
    const cache = analyses();
    const first = cache.ofText('{ pets { id } }');
    // Distinct documents, a long comment each, that hold more than the cache's bound between them.
    const padding = '#'.repeat(40_000);
    const past = Math.ceil(DEFAULT_ANALYSIS_CACHE_BYTES / (2 * padding.length)) + 1;
    for (let index = 0; index < past; index += 1) cache.ofText(`{ pets(limit: ${index}) { id } } ${padding}`);
    const again = cache.ofDocument(parse('{ pets { id } }'));
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
