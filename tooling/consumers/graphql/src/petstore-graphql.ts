import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';

/**
 * Apollo Client sending only the ids of the operations codegen registered (its persisted-query
 * link with the hash the client preset put in each document), for a server that runs only those.
 */
export function createPetstoreGraphqlClient(options: { url: string; apiKey: string; fetch?: typeof fetch }): ApolloClient {
  const persisted = new PersistedQueryLink({
    generateHash: (document) => {
      const hash = (document as { __meta__?: { hash?: string } }).__meta__?.hash;
      if (!hash) throw new Error('this document was not registered by codegen');
      return hash;
    },
  });
  return new ApolloClient({
    link: persisted.concat(
      new HttpLink({ uri: options.url, headers: { authorization: `Bearer ${options.apiKey}` }, ...(options.fetch && { fetch: options.fetch }) }),
    ),
    cache: new InMemoryCache(),
  });
}
