import type { CodegenConfig } from '@graphql-codegen/cli';
import { PET_STATUS_VALUES } from './src/pet-status.js';

/** Resolver types for src/schema.graphql, checked in; `pnpm run codegen` refreshes them. */
const config: CodegenConfig = {
  schema: 'src/schema.graphql',
  generates: {
    'src/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        enumValues: { PetStatus: PET_STATUS_VALUES },
        contextType: '../context.js#GraphqlContext',
        mappers: { PetStatus: '@petstore/domain#PetStatus', Pet: '@petstore/domain#Pet', PetPage: '@petstore/domain#PetPage' },
        mapperTypeSuffix: 'Model',
        scalars: { ID: { input: 'string', output: 'string' } },
        strictScalars: true,
        avoidOptionals: { field: true, query: true, mutation: true },
      },
    },
  },
};

export default config;
