import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The fuzz run takes minutes; outside CI, a first run also installs Schemathesis (a minute or
    // two) before any test starts, when the preparation step (npm run prepare-tests) has not.
    hookTimeout: 10 * 60_000,
    testTimeout: 10 * 60_000,
  },
});
