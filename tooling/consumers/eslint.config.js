import config from '@petstore/eslint-config';

// graphql/src/gql is written by codegen (checked by graphql-consumer.test.ts), not by hand.
export default [{ ignores: ['graphql/src/gql/**'] }, ...config];
