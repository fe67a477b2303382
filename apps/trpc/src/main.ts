#!/usr/bin/env node
import { runMain } from '@petstore/runtime';
import { buildTrpcApp } from './app.js';

await runMain('tRPC /trpc', (runtime) => buildTrpcApp(runtime).callback());
