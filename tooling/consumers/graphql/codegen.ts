import { fileURLToPath } from 'node:url';
import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * A frontend's codegen, as a team outside this repository would write it, except that the schema
 * is the repository's file rather than https://<service>/graphql/schema.graphql (the same SDL).
 * The client preset types every operation and writes the manifest of trusted documents.
 */
const config: CodegenConfig = {
  schema: fileURLToPath(import.meta.resolve('@petstore/graphql/schema.graphql')),
  documents: ['graphql/src/**/*.ts', '!graphql/src/gql/**'],
  ignoreNoDocuments: false,
  emitLegacyCommonJSImports: false,
  generates: {
    'graphql/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false, persistedDocuments: { hashAlgorithm: 'sha256' } },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { ID: 'string' } },
    },
  },
};

export default config;
