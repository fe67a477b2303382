import { defineConfig } from 'tsup';

/**
 * The client of apps/trpc as a package for services outside this repository: its code bundled with
 * what it takes from the workspace, so dist/index.js imports only the peer @trpc/client. The
 * declarations are bundled by rollup.dts.config.js (tsup's own bundling cannot follow `exports`).
 */
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  noExternal: [/^@petstore\//],
  external: ['@trpc/client', '@trpc/server'],
  clean: true,
});
