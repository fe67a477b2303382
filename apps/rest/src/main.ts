#!/usr/bin/env node
import { runMain } from '@petstore/runtime';
import { buildRestApp } from './app.js';

await runMain('REST /v1', (runtime) => buildRestApp(runtime).callback());
