/**
 * Vitest global setup for every package with database tests: provides `mongodbUri`.
 * - MONGODB_URI set: the tests use that server (a real MongoDB runs the same suite).
 * - otherwise, with Go: a FerretDB built and started here, stopped after the run.
 * - otherwise: the database tests are skipped, loudly; under CI that is a failure instead.
 */
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { hasGo } from './ferretdb-build.js';
import { startFerretDB } from './ferretdb-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mongodbUri: string | null;
  }
}

const say = (line: string): void => {
  process.stdout.write(`[testdb] ${line}\n`);
};

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env['MONGODB_URI'];
  if (given) {
    say(`database tests run against MONGODB_URI (${redact(given)})`);
    project.provide('mongodbUri', given);
    return undefined;
  }
  if (!(await hasGo())) {
    const reason = 'neither MONGODB_URI nor Go is available, so no test database can be started';
    if (process.env['CI']) throw new Error(`[testdb] ${reason}; CI requires the database tests to run`);
    say(`!!!!!!!! DATABASE TESTS SKIPPED: ${reason} !!!!!!!!`);
    project.provide('mongodbUri', null);
    return undefined;
  }
  const server = await startFerretDB(say);
  say(`database tests run against FerretDB at ${server.uri}`);
  project.provide('mongodbUri', server.uri);
  return () => server.dispose();
}

function redact(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, '//***@');
}
