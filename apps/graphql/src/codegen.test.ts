import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generate, loadCodegenConfig } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

describe('the generated resolver types', () => {
  // Loading codegen and its plugins takes seconds; on a loaded 2-core machine past vitest's 5 s
  // default (a cold, loaded CI run timed out here at 6.1 s; the client's codegen test took 20 s).
  it('match what codegen makes from the schema today (run `pnpm run codegen` when this fails)', { timeout: 60_000 }, async () => {
    const { config } = await loadCodegenConfig({ configFilePath: `${packageRoot}codegen.ts` });
    const outputs: Array<{ filename: string; content: string }> = await generate({ ...config, cwd: packageRoot, silent: true }, false);
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) {
      const checkedIn = await readFile(new URL(output.filename, `file://${packageRoot}`), 'utf8');
      expect(checkedIn, output.filename).toBe(output.content);
    }
  });
});
