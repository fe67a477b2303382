/**
 * The package boundaries of docs/architecture.md, checked by `npm run lint:deps` in `npm test`:
 * no import cycles; the domain free of web frameworks and database drivers; Koa inside
 * packages/http (the doors take the exchange, never Koa's context); apps independent of
 * each other, but for the gateway, which mounts them all (and the packed tRPC client, which is
 * the tRPC app's client). Type-only imports count: a cycle of types is a cycle of concepts.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules depend on each other in one direction only.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-free-of-frameworks-and-drivers',
      severity: 'error',
      comment: 'packages/domain is what is true whatever the transport and the store.',
      from: { path: '^packages/domain/src/' },
      to: { path: '(^|node_modules/)(koa|@koa|@apollo|graphql|@trpc|mongodb|bson|pino|prom-client|@opentelemetry)(/|$)' },
    },
    {
      name: 'domain-imports-no-other-package',
      severity: 'error',
      from: { path: '^packages/domain/src/' },
      to: { path: '^(apps|packages|tooling)/', pathNot: '^packages/domain/' },
    },
    {
      name: 'koa-inside-http',
      severity: 'error',
      comment:
        'Koa and @koa/router are the router and middleware chain of packages/http, and stay there: a door ' +
        "declares routes of handlers over the exchange and never sees Koa. Tests too. Only the bench's " +
        'reference servers (tooling/bench: K0, L0, A0, T0) use Koa directly: they measure bare Koa by definition.',
      from: { pathNot: '^(packages/http/|tooling/bench/)' },
      to: { path: '(^|node_modules/)(@types/)?(koa|@koa/[^/]+)(/|$)' },
    },
    {
      name: 'keys-written-by-the-key-service',
      severity: 'error',
      comment:
        'Keys are written by the key service alone (packages/domain/src/keys, KeyService), which judges every caller ' +
        '(person, management key, operator) and checks what it asks once; everyone else holds the read side of the key ' +
        'store (KeyStore). The write port (KeyWrites, @petstore/domain/key-writes, not in the domain index) is imported ' +
        "only by the key service, the store adapters that implement it (memory, mongo, the domain tests' map store) " +
        "and the key cache that passes writes on, the runtime that hands the adapter to the service, and the adapters' " +
        'contract suite (tooling/testing). See docs/architecture.md#one-key-service.',
      from: {
        pathNot:
          '^(packages/domain/src/(keys|testing)/|packages/domain/src/auth/cached-key-store\\.ts$|packages/(memory|mongo)/src/|' +
          'packages/runtime/src/(stores|runtime)\\.ts$|tooling/testing/src/store-fixture\\.ts$)',
      },
      to: { path: '^packages/domain/src/keys/key-writes\\.ts$' },
    },
    {
      name: 'shipped-code-needs-no-dev-dependency',
      severity: 'error',
      comment:
        'What a built package runs must be among its dependencies: the container installs no devDependencies, ' +
        "so a devDependency imported by shipped code is missing there (zod in apps/rest's generated document did that).",
      from: { path: '^(apps|packages)/[^/]+/src/', pathNot: ['\\.test\\.tsx?$', '/testing/', '/test-support/'] },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'apps-independent',
      severity: 'error',
      comment: 'A door uses the packages, never another door; only the gateway mounts them together.',
      from: { path: '^apps/([^/]+)/', pathNot: '^apps/gateway/' },
      to: { path: '^apps/([^/]+)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-below-apps',
      severity: 'error',
      comment: 'Packages are what the apps are built from; only the packed tRPC client wraps an app (its client).',
      from: { path: '^packages/', pathNot: '^packages/trpc-client/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage)/' },
    tsPreCompilationDeps: true,
    // Its paths resolve each workspace package to its sources, so that an import of @petstore/domain is
    // followed into packages/domain/src like a relative one, and a cycle or a crossing through a package is seen.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
  },
};
