import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['@petstore/testdb/global-setup'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
