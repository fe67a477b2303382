import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenLinks } from './check-links.js';
import { linksOf } from './links.js';
import { repositoryMarkdown } from './repository-markdown.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const files = repositoryMarkdown(ROOT);

describe("the repository's Markdown", () => {
  it('is every Markdown file a reader meets: the README, docs/, the benchmarks and the packages’ READMEs', () => {
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'BENCHMARKS.md', 'docs/contract.md', 'packages/client/README.md', 'tooling/fuzz/README.md']),
    );
    expect(files.filter((file) => file.includes('node_modules/') || file.endsWith('CHANGELOG.md'))).toEqual([]);
  });

  it.each(files)('%s: every relative link reaches a file of the repository, every anchor a heading', (file) => {
    expect(brokenLinks(join(ROOT, file), ROOT)).toEqual([]);
  });

  it('states the contract in the repository and points to it from the README', () => {
    const targets = linksOf(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((link) => link.target);
    expect(targets).toEqual(expect.arrayContaining(['docs/contract.md', 'apps/rest/openapi/openapi.json']));
  });
});
