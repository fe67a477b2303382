import { printExecutableGraphQLDocument } from '@graphql-tools/documents';
import { Kind, parse, visit } from 'graphql';
import { GRAPHQL_LIMITS } from '../limits/graphql-limits.js';

/**
 * A document's text in one layout whatever the client's tooling did to it: `__typename` fields
 * (which Apollo Client adds to every selection for its cache) removed, then printed by
 * graphql-codegen's own normaliser (`printExecutableGraphQLDocument`: selections sorted,
 * whitespace and comments dropped). Two texts with the same canonical form ask for the same work;
 * undefined for a text that does not parse.
 */
export function canonicalDocument(text: string): string | undefined {
  try {
    const document = parse(text, { noLocation: true, maxTokens: GRAPHQL_LIMITS.tokens });
    const withoutTypename = visit(document, {
      [Kind.FIELD]: (field) => (field.name.value === '__typename' && !field.alias ? null : undefined),
    });
    return printExecutableGraphQLDocument(withoutTypename);
  } catch {
    return undefined;
  }
}
