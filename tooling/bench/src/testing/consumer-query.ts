import { readFile } from 'node:fs/promises';
import { LIST_QUERY_NAME } from '../client-requests.js';

/**
 * The example GraphQL consumer's own list query (tooling/consumers/graphql/src/operations.ts), as
 * its source writes it, before Apollo Client prints it: read from the file, so that a change of
 * the consumer's query shows up as a difference with the request the bench replays.
 */
export async function consumerListQuery(): Promise<string> {
  const source = await readFile(new URL('../../../consumers/graphql/src/operations.ts', import.meta.url), 'utf8');
  const document = new RegExp(`graphql\\(\`\\s*(query ${LIST_QUERY_NAME}\\b[^\`]*)\`\\)`).exec(source)?.[1];
  if (!document) throw new Error(`the example consumer no longer has a query named ${LIST_QUERY_NAME}`);
  return document;
}
