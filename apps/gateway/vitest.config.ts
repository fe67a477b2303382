import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // One graphql instance for our code and Apollo's (see apps/graphql/vitest.config.ts).
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }],
  },
  test: {
    globalSetup: ['@petstore/testdb/global-setup'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The browser journeys poll for what a page shows after a click (a route, then a fetch from
    // FerretDB): vitest's 1 s was too short on a machine whose two cores the whole suite keeps busy.
    expect: { poll: { timeout: 10_000 } },
  },
});
