import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const MEMORY_TEST = 'src/memory-bound.test.ts';

export default defineConfig({
  resolve: {
    // graphql 16 ships ESM beside CJS. Vite would pick the ESM build for our sources while Node
    // loads the CJS one for Apollo, and two graphql instances break its `instanceof` checks.
    // Node itself resolves both to the CJS build, so tests do the same.
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }],
  },
  test: {
    projects: [
      { extends: true, test: { name: 'graphql', include: ['src/**/*.test.ts'], exclude: [MEMORY_TEST] } },
      // The memory test reads the live heap after a full collection, which needs global.gc().
      { extends: true, test: { name: 'memory', include: [MEMORY_TEST], execArgv: ['--expose-gc'] } },
    ],
  },
});
