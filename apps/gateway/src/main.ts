#!/usr/bin/env node
import { runMain } from '@petstore/runtime';
import { buildGateway } from './app.js';

await runMain('REST /v1, GraphQL /graphql, tRPC /trpc, management /manage/v1, portal /portal', buildGateway);
