import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Provides `mongodbUri`: MONGODB_URI, else a FerretDB started for the run, else null (tests skip).
    globalSetup: ['@petstore/testdb/global-setup'],
    // A test here starts the built command line several times (a node process and a database
    // connection each), which on a loaded CI machine can take seconds apiece.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
