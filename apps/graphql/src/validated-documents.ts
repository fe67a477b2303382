import type { ApolloServerPlugin } from '@apollo/server';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { BoundedCache } from './bounded-cache.js';
import type { GraphqlContext } from './context.js';

export interface ValidatedDocument {
  document: DocumentNode;
  /** The schema it was validated against and runs on (Apollo's, resolvers included). */
  schema: GraphQLSchema;
}

/**
 * A worst-case document (1,000 tokens) takes about 0.5 MB parsed; the documents clients send take
 * a few kB. They are the very objects Apollo keeps in its own document store.
 */
const DEFAULT_LIMIT = 100;

/**
 * The documents Apollo has parsed and validated, by their text, so that one sent again can run
 * without Apollo's request pipeline (direct-execution.ts). Only Apollo fills it, once a document
 * passed its parser (with the token limit) and every validation rule it runs, the server's own
 * included, so the direct path never runs what Apollo would have refused. When Apollo stops, the
 * cache empties and stays empty: from then on Apollo alone answers, as it answers after a stop.
 */
export class ValidatedDocuments {
  private readonly cache: BoundedCache<string, ValidatedDocument>;
  private stopped = false;

  constructor(limit = DEFAULT_LIMIT) {
    this.cache = new BoundedCache(limit);
  }

  get(query: string): ValidatedDocument | undefined {
    return this.cache.get(query);
  }

  /** Keeps each document Apollo resolves an operation in: that happens only after validation passed. */
  plugin(): ApolloServerPlugin<GraphqlContext> {
    const remember = (source: string, document: DocumentNode, schema: GraphQLSchema): void => {
      if (!this.stopped) this.cache.set(source, { document, schema });
    };
    const forget = (): void => {
      this.stopped = true;
      this.cache.clear();
    };
    return {
      async serverWillStart() {
        return {
          async serverWillStop() {
            forget();
          },
        };
      },
      async requestDidStart() {
        return {
          async didResolveOperation({ source, document, schema }) {
            remember(source, document, schema);
          },
        };
      },
    };
  }
}
