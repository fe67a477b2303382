import { dts } from 'rollup-plugin-dts';

/**
 * dist/index.d.ts with every declaration it takes from the workspace inlined (the router's type
 * above all), so a consumer's compiler needs only the peers @trpc/client and @trpc/server. Other
 * packages stay imports; the build test fails if any is still used.
 */
export default {
  input: 'src/index.ts',
  output: { file: 'dist/index.d.ts', format: 'es' },
  external: (id) => !/^(\.|\/|@petstore\/)/.test(id),
  plugins: [dts({ respectExternal: true, tsconfig: 'tsconfig.json' })],
};
