import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // In this order: the images and tools (made by the preparation step, or outside CI here on a
    // first run, the FerretDB binary beside the image build), then tooling/testdb's setup, which
    // finds the binary and starts the run's database, which the image test's gateway uses.
    globalSetup: ['./src/testing/global-setup.ts', '@petstore/testdb/global-setup'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
