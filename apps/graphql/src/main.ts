#!/usr/bin/env node
import { runMain } from '@petstore/runtime';
import { buildGraphqlApp } from './app.js';
import { graphqlOptionsFromConfig } from './graphql-options.js';

await runMain('GraphQL /graphql', (runtime) => buildGraphqlApp(runtime, graphqlOptionsFromConfig(runtime.config)));
