import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Installing Schemathesis on a first run takes a minute or two before any test starts.
    hookTimeout: 10 * 60_000,
    testTimeout: 10 * 60_000,
  },
});
