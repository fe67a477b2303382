import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Provides `mongodbUri`: MONGODB_URI, else a FerretDB started for the run, else null (tests skip).
    globalSetup: ['@petstore/testdb/global-setup'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
