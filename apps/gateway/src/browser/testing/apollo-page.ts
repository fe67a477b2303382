import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';

/** What the page reports back to the test: the pets' names, or the error as Apollo Client gave it to the page. */
export type PageAnswer = { names: string[] } | { error: { name: string; message: string; statusCode: number | undefined } };

const PETS = gql`
  query ShopPets {
    pets(limit: 5) {
      id
      name
    }
  }
`;

/**
 * A frontend's own code, as docs/graphql.md shows it: Apollo Client in the page, the browser key in
 * its Authorization header, no backend of its own. Bundled for the browser by the test (esbuild);
 * it runs in the page, never in Node, where the test calls it as `listPets`.
 */
async function listPetsWithApollo(uri: string, browserKey: string): Promise<PageAnswer> {
  const client = new ApolloClient({
    link: new HttpLink({ uri, headers: { Authorization: `Bearer ${browserKey}` } }),
    cache: new InMemoryCache(),
  });
  try {
    const { data } = await client.query<{ pets: Array<{ id: string; name: string }> }>({ query: PETS, fetchPolicy: 'network-only' });
    return { names: (data?.pets ?? []).map((pet) => pet.name) };
  } catch (error) {
    const { name, message } = error as Error;
    const statusCode = (error as { statusCode?: number }).statusCode;
    return { error: { name, message, statusCode } };
  }
}

(globalThis as unknown as { listPets: typeof listPetsWithApollo }).listPets = listPetsWithApollo;
