import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Provides `mongodbUri` for L0 on MongoDB: MONGODB_URI, else a FerretDB started for the run, else null (its test skips).
    globalSetup: ['@petstore/testdb/global-setup'],
  },
  resolve: {
    // graphql 16 ships ESM beside CJS. Vite would pick the ESM build for A0's sources while Node
    // loads the CJS one for Apollo, and two graphql instances break its `instanceof` checks.
    // Node itself resolves both to the CJS build (as the bench's servers run), so tests do the same.
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }],
  },
});
