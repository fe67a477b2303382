import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generate, loadCodegenConfig } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

describe('the generated resolver types', () => {
  it('match what codegen makes from the schema today (run `pnpm run codegen` when this fails)', async () => {
    const { config } = await loadCodegenConfig({ configFilePath: `${packageRoot}codegen.ts` });
    const outputs: Array<{ filename: string; content: string }> = await generate({ ...config, cwd: packageRoot, silent: true }, false);
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) {
      const checkedIn = await readFile(new URL(output.filename, `file://${packageRoot}`), 'utf8');
      expect(checkedIn, output.filename).toBe(output.content);
    }
  });
});
