import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const probes = mkdtempSync(join(tmpdir(), 'key-writes-'));

/** Runs the repository's dependency rules (`npm run lint:deps`'s) over one module written outside every allowed place. */
function cruise(source: string): { status: number | null; output: string } {
  const file = join(probes, `module-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, source);
  const run = spawnSync(join(ROOT, 'node_modules/.bin/depcruise'), [file, '--config', '.dependency-cruiser.cjs'], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterAll(() => rmSync(probes, { recursive: true, force: true }));

describe('the rule that only the key service writes keys (keys-written-by-the-key-service)', () => {
  it('fails a module that takes the key store’s write port, as a door or a test writing a key itself would', () => {
    const { status, output } = cruise(
      "import type { KeyWrites } from '@petstore/domain/key-writes';\n" +
        'export const revoke = (keys: KeyWrites, id: string) => keys.revokeKey(id, new Date());\n',
    );
    expect(output).toContain('error keys-written-by-the-key-service');
    expect(status).not.toBe(0);
  }, 60_000);

  it('passes the same module reading keys through the read side, as the key check does', () => {
    const { status, output } = cruise(
      "import type { KeyStore } from '@petstore/domain';\nexport const find = (keys: KeyStore, id: string) => keys.getKey(id);\n",
    );
    expect(output).not.toContain('keys-written-by-the-key-service');
    expect(status, output).toBe(0);
  }, 60_000);
});
