import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RunningService } from '@petstore/service-kit';

// The built command line, run as operators run it: the package's build comes before the tests.
const CLI = join(dirname(createRequire(import.meta.url).resolve('@petstore/cli/package.json')), 'dist', 'main.js');

/** Runs `petstore <args> --json` against the service's database; its printed JSON, or a failure with what it said. */
export function petstoreCommand(service: RunningService, args: readonly string[]): Promise<unknown> {
  const { MONGODB_URI, MONGODB_DB } = service.runtime.config;
  if (MONGODB_URI === undefined) throw new Error('the command line reaches a service only through its MongoDB database');
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env['PATH'] ?? '', MONGODB_URI, ...(MONGODB_DB !== undefined && { MONGODB_DB }), PETSTORE_ACTOR: 'operator (test)' };
    const child = spawn(process.execPath, [CLI, ...args, '--json'], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) =>
      status === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`petstore ${args.join(' ')}: ${status} ${stderr}`)),
    );
  });
}
