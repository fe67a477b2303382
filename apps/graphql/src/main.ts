#!/usr/bin/env node
import { runMain } from '@petstore/runtime';
import { buildGraphqlApp } from './app.js';

await runMain('GraphQL /graphql', (runtime) => {
  const development = runtime.config.PETSTORE_ENV === 'development';
  return buildGraphqlApp(runtime, { introspection: development, landingPage: development }, runtime.ready).callback();
});
