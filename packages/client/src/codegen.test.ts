import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

describe('the generated types', () => {
  it('are what `pnpm codegen` makes of the published document today', { timeout: 60_000 }, async () => {
    // The path `pnpm codegen` reads; a dependency on @petstore/rest would be a cycle, as REST's tests use this client.
    const document = fileURLToPath(new URL('../../../apps/rest/openapi/openapi.json', import.meta.url));
    const cli = join(require.resolve('openapi-typescript/package.json'), '..', 'bin', 'cli.js');
    const dir = await mkdtemp(join(tmpdir(), 'petstore-client-'));
    try {
      const fresh = join(dir, 'openapi.ts');
      await run(process.execPath, [cli, document, '--output', fresh]);
      const checkedIn = await readFile(new URL('./generated/openapi.ts', import.meta.url), 'utf8');
      expect(checkedIn, 'src/generated/openapi.ts is stale: run `pnpm --filter @petstore/client codegen`').toBe(await readFile(fresh, 'utf8'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
