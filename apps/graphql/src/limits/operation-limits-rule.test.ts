import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DocumentAnalyses } from '../analysis/document-analyses.js';
import { GRAPHQL_LIMITS } from './graphql-limits.js';
import { operationLimitsRule } from './operation-limits-rule.js';

// The service's schema nests three fields at most (`petsPage { pets { id } }`), short of the depth
// limit; a schema whose type selects itself reaches past it, as a schema the service grows into may.
const schema = buildSchema('type Query { node: Node } type Node { id: ID child: Node }');

function refusals(text: string): string[] {
  const rule = operationLimitsRule(GRAPHQL_LIMITS, new DocumentAnalyses(schema, GRAPHQL_LIMITS.tokens));
  return validate(schema, parse(text), [...specifiedRules, rule]).map((error) => error.message);
}

/** A selection of `node` and then `child` down to the given depth, the innermost selecting `id`. */
const nested = (depth: number): string => `node { ${'child { '.repeat(depth - 2)}id${' }'.repeat(depth - 2)} }`;

describe('the depth limit', () => {
  it('allows an operation as deep as the limit (8)', () => {
    expect(refusals(`{ ${nested(GRAPHQL_LIMITS.depth)} }`)).toEqual([]);
  });

  it('refuses an operation one deeper, fragments included', () => {
    const deep = `query Deep { node { ...Deeper } } fragment Deeper on Node { child { ${nested(GRAPHQL_LIMITS.depth - 1).replace(/^node/, 'child')} } }`;
    expect(refusals(deep)).toEqual(['operation "Deep" has a depth of 9; at most 8 is allowed']);
  });
});
