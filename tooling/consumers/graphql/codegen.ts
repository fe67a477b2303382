import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * A frontend's codegen, as a team outside this repository would write it, except that the schema
 * is the repository's file rather than https://<service>/graphql/schema.graphql (the same SDL).
 * The client preset types every operation and writes the manifest of trusted documents, keyed
 * `sha256:<hex>` as GraphQL-over-HTTP names documents (the server takes `<hex>` as well).
 * `emitLegacyCommonJSImports: false` makes the generated imports end in `.js`, as `nodenext` wants.
 */
const config: CodegenConfig = {
  schema: fileURLToPath(import.meta.resolve('@petstore/graphql/schema.graphql')),
  documents: ['graphql/src/**/*.ts', '!graphql/src/gql/**'],
  ignoreNoDocuments: false,
  emitLegacyCommonJSImports: false,
  generates: {
    'graphql/src/gql/': {
      preset: 'client',
      presetConfig: {
        fragmentMasking: false,
        persistedDocuments: { hashAlgorithm: (document: string) => `sha256:${createHash('sha256').update(document).digest('hex')}` },
      },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { ID: 'string' } },
    },
  },
};

export default config;
