import { getIntrospectionQuery, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { executableSchema } from '../execution/executable-schema.js';
import { DEFAULT_GRAPHQL_LIMITS } from '../limits/graphql-limits.js';
import { graphqlRequestCost } from '../limits/operation-cost.js';
import type { OperationAnalysis } from './analyse-operation.js';
import { chosenOperation, DocumentAnalyses } from './document-analyses.js';

const { schema } = executableSchema({} as never);
const analyses = () => new DocumentAnalyses(schema, 1000);

function analyse(document: string, operationName?: string): OperationAnalysis {
  const operation = chosenOperation(analyses().ofText(document), operationName);
  if (!operation) throw new Error('no operation');
  return operation;
}

const size = ({ depth, aliases, selections }: OperationAnalysis) => ({ depth, aliases, selections });

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
    expect(measured.depth).toBeLessThanOrEqual(DEFAULT_GRAPHQL_LIMITS.depth);
    expect(measured.selections).toBeLessThanOrEqual(DEFAULT_GRAPHQL_LIMITS.selections);
    expect(measured.aliases).toBeLessThanOrEqual(DEFAULT_GRAPHQL_LIMITS.aliases);
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

  it('says whether a root field is deprecated in the schema', () => {
    expect(analyse('{ pets { id } pet(id: "1") { id } }').deprecated).toBe(true);
    expect(analyse('{ pets { id } }').deprecated).toBe(false);
  });

  it('knows a subscription for what it is', () => {
    expect(analyse('subscription { __typename }')).toMatchObject({ type: 'subscription', rootFields: ['__typename'] });
  });
});

describe('graphqlRequestCost', () => {
  const cache = analyses();
  const cost = (body: unknown) => graphqlRequestCost(body, cache);

  it('charges one per root field, each alias on its own', () => {
    expect(cost({ query: '{ pets { id } }' })).toBe(1);
    expect(cost({ query: '{ a: pets { id } b: pets { id } pet(id: "1") { id } }' })).toBe(3);
    expect(
      cost({ query: 'mutation { a: addPet(input: {name: "a", categoryId: "1"}) { id } b: addPet(input: {name: "b", categoryId: "1"}) { id } }' }),
    ).toBe(2);
  });

  it('counts a root field repeated under one name once, as GraphQL runs it once', () => {
    expect(cost({ query: '{ pets { id } pets { name } }' })).toBe(1);
  });

  it('counts root fields reached through fragments', () => {
    expect(cost({ query: 'query { ...F ... on Query { b: pets { id } } } fragment F on Query { a: pets { id } }' })).toBe(2);
  });

  it('charges nothing for introspection-only fields', () => {
    expect(cost({ query: '{ __schema { types { name } } __type(name: "Pet") { name } __typename }' })).toBe(0);
    expect(cost({ query: '{ __typename pets { id } }' })).toBe(1);
  });

  it('charges a subscription like any operation, though it will be refused: at least one, introspection fields included', () => {
    expect(cost({ query: 'subscription { __typename }' })).toBe(1);
    expect(cost({ query: 'subscription { a: __typename b: __typename }' })).toBe(2);
  });

  it('charges the operation the request names, or the only one', () => {
    const query = 'query One { pets { id } } query Two { a: pets { id } b: pets { id } }';
    expect(cost({ query, operationName: 'Two' })).toBe(2);
    expect(cost({ query, operationName: 'Three' })).toBe(0);
    expect(cost({ query })).toBe(0);
  });

  it('sums a batch', () => {
    expect(cost([{ query: '{ a: pets { id } b: pets { id } }' }, { query: '{ pets { id } }' }, 'junk'])).toBe(3);
  });

  it('charges nothing for what does not parse or is not a request', () => {
    expect(cost({ query: '{ pets { ' })).toBe(0);
    expect(cost({ query: 42 })).toBe(0);
    expect(cost(undefined)).toBe(0);
    expect(graphqlRequestCost({ query: '{ c: pets { id } d: pets { id } }' }, new DocumentAnalyses(schema, 5))).toBe(0);
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
    const cache = new DocumentAnalyses(schema, 1000, 10_000);
    const first = cache.ofText('{ pets { id } }');
    for (let index = 0; index < 100; index += 1) cache.ofText(`{ pets(limit: ${index}) { id } }`);
    const again = cache.ofDocument(parse('{ pets { id } }'));
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
