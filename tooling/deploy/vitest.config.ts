import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // In this order: the images, tools and the FerretDB image start at once (the FerretDB binary is
    // awaited beside the image build), rather than after tooling/testdb's setup has waited for
    // FerretDB alone; that setup then finds the binary made and starts the run's database, which
    // the image test's gateway uses.
    globalSetup: ['./src/testing/global-setup.ts', '@petstore/testdb/global-setup'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
