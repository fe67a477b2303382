import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The image test's gateway uses the run's FerretDB; the setup of its own builds the images.
    globalSetup: ['@petstore/testdb/global-setup', './src/testing/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
