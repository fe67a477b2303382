import { createHash } from 'node:crypto';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';

/**
 * Apollo Client with its persisted-query link as its documentation configures it (a sha256
 * function, nothing else), for a server that runs only registered operations: it sends each
 * operation's id, and its text with the id once, when the server does not know that id yet.
 * A browser app passes `sha256` from `crypto-hash` instead of node:crypto.
 */
export function createPetstoreGraphqlClient(options: { url: string; apiKey: string; fetch?: typeof fetch }): ApolloClient {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  return new ApolloClient({
    link: new PersistedQueryLink({ sha256 }).concat(
      new HttpLink({ uri: options.url, headers: { authorization: `Bearer ${options.apiKey}` }, ...(options.fetch && { fetch: options.fetch }) }),
    ),
    cache: new InMemoryCache(),
  });
}
