import { GRAPHQL_LIMITS, type GraphqlLimits } from './limits/graphql-limits.js';
import { loadTrustedDocuments, type TrustedDocuments } from './trusted/trusted-documents.js';

export interface GraphqlOptions {
  /** Answer schema introspection queries. Off unless asked for: production keeps it off. */
  introspection?: boolean;
  /** Serve a small self-contained page on a browser GET of /graphql. Off unless asked for. */
  landingPage?: boolean;
  /** Operations in one batched request: the contract's 10 unless lowered (1 takes one operation per request). */
  maxBatch?: number;
  /** Run only these operations; absent, any valid operation runs. */
  trustedDocuments?: TrustedDocuments | undefined;
}

export interface ResolvedGraphqlOptions {
  introspection: boolean;
  landingPage: boolean;
  limits: GraphqlLimits;
  trustedDocuments: TrustedDocuments | undefined;
}

export function resolveGraphqlOptions(options: GraphqlOptions = {}): ResolvedGraphqlOptions {
  return {
    introspection: options.introspection ?? false,
    landingPage: options.landingPage ?? false,
    limits: { ...GRAPHQL_LIMITS, batch: options.maxBatch ?? GRAPHQL_LIMITS.batch },
    trustedDocuments: options.trustedDocuments,
  };
}

/**
 * The door's options from the service configuration: introspection and landing page on outside
 * production unless set; the batch limit; the trusted documents read (once, at start-up) from
 * their manifest.
 */
export function graphqlOptionsFromConfig(config: {
  PETSTORE_ENV: string;
  PETSTORE_GRAPHQL_INTROSPECTION?: boolean | undefined;
  PETSTORE_GRAPHQL_LANDING_PAGE?: boolean | undefined;
  PETSTORE_GRAPHQL_MAX_BATCH?: number | undefined;
  PETSTORE_GRAPHQL_TRUSTED_DOCUMENTS?: string | undefined;
}): GraphqlOptions {
  const outsideProduction = config.PETSTORE_ENV !== 'production';
  return {
    introspection: config.PETSTORE_GRAPHQL_INTROSPECTION ?? outsideProduction,
    landingPage: config.PETSTORE_GRAPHQL_LANDING_PAGE ?? outsideProduction,
    ...(config.PETSTORE_GRAPHQL_MAX_BATCH !== undefined && { maxBatch: config.PETSTORE_GRAPHQL_MAX_BATCH }),
    ...(config.PETSTORE_GRAPHQL_TRUSTED_DOCUMENTS && { trustedDocuments: loadTrustedDocuments(config.PETSTORE_GRAPHQL_TRUSTED_DOCUMENTS) }),
  };
}
