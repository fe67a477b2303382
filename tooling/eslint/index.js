// One lint configuration for every package; each package's eslint.config.js re-exports it.
// Type-aware (as create-t3-turbo's tooling/eslint/base.ts): every package runs `eslint .` from its
// own directory, and the project service finds the package's tsconfig.json for each file.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Tool configuration beside package.json (eslint.config.js, vitest.config.ts) is outside the
    // package's tsconfig.json, so it has no type information to lint with.
    ignores: ['dist/**', 'coverage/**', '**/*.generated.ts', '**/generated/**', '*.config.*'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: process.cwd(),
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
      // A library is used through its documented API: never its private fields or its internals.
      // Any member whose name starts with `_` is read as private, but MongoDB's `_id` (a document's
      // key, not a private field) and GraphQL's introspection fields (`__schema`, `__type`,
      // `__typename`, named so by the GraphQL specification).
      'no-restricted-syntax': ['error', ...privateMemberReads(/^_(?!id$|_schema$|_type$|_typename$)/.source)],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/unstable-core-do-not-import', '**/unstable-core-do-not-import/**'],
              message: 'tRPC internals, not its API: use the public exports of @trpc/server.',
            },
          ],
        },
      ],
      // An `async` method is how an in-memory adapter (or a test double) implements a port that
      // returns a promise: a throw inside it becomes a rejection, as callers of the port expect.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringContaining, ...) are typed `any`.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Plain JavaScript (a worker script) is in no tsconfig: no type information.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);

/** Selectors for every way a private member is read: `a._x`, `a['_x']`, `const { _x } = a`, and the type `A['_x']`. */
function privateMemberReads(pattern) {
  const field = "A `_`-prefixed member is a library's private field: use its documented API.";
  const type = "A `_`-prefixed member is a library's private type: use its public types.";
  return [
    { selector: `MemberExpression[computed=false][property.name=/${pattern}/]`, message: field },
    { selector: `MemberExpression[computed=true][property.value=/${pattern}/]`, message: field },
    { selector: `ObjectPattern > Property[computed=false][key.name=/${pattern}/]`, message: field },
    { selector: `ObjectPattern > Property[computed=false][key.value=/${pattern}/]`, message: field },
    { selector: `TSIndexedAccessType[indexType.literal.value=/${pattern}/]`, message: type },
  ];
}
