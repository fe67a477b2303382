import { describe, expect, it } from 'vitest';
import { graphqlRequestCost } from './operation-cost.js';

const cost = (body: unknown) => graphqlRequestCost(body, 1000);

describe('graphqlRequestCost', () => {
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
    expect(graphqlRequestCost({ query: '{ c: pets { id } d: pets { id } }' }, 5)).toBe(0);
  });
});
