export { mountGraphql, mountGraphqlFromConfig, type GraphqlDeps, type GraphqlDoor } from './app.js';
export { GRAPHQL_PATH } from './graphql-middleware.js';
export { SCHEMA_DOCUMENT_PATH } from './schema-document.js';
export { graphqlOptionsFromConfig, type GraphqlOptions } from './graphql-options.js';
export { GRAPHQL_LIMITS, type GraphqlLimits } from './limits/graphql-limits.js';
export { GRAPHQL_FAILURE_BY_CODE } from './domain-errors.js';
export type { GraphqlContext } from './context.js';
