import { resolveGraphqlLimits, type GraphqlLimits } from './limits/graphql-limits.js';

export interface GraphqlOptions {
  /** Answer schema introspection queries. Off unless asked for: production keeps it off. */
  introspection?: boolean;
  /** Serve a small self-contained page on a browser GET of /graphql. Off unless asked for. */
  landingPage?: boolean;
  limits?: Partial<GraphqlLimits>;
}

export interface ResolvedGraphqlOptions {
  introspection: boolean;
  landingPage: boolean;
  limits: GraphqlLimits;
}

export function resolveGraphqlOptions(options: GraphqlOptions = {}): ResolvedGraphqlOptions {
  return {
    introspection: options.introspection ?? false,
    landingPage: options.landingPage ?? false,
    limits: resolveGraphqlLimits(options.limits),
  };
}

/** The door's options from the service configuration: introspection and landing page on outside production unless set. */
export function graphqlOptionsFromConfig(config: {
  PETSTORE_ENV: string;
  PETSTORE_GRAPHQL_INTROSPECTION?: boolean | undefined;
  PETSTORE_GRAPHQL_LANDING_PAGE?: boolean | undefined;
}): GraphqlOptions {
  const outsideProduction = config.PETSTORE_ENV !== 'production';
  return {
    introspection: config.PETSTORE_GRAPHQL_INTROSPECTION ?? outsideProduction,
    landingPage: config.PETSTORE_GRAPHQL_LANDING_PAGE ?? outsideProduction,
  };
}
