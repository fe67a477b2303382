import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenLinks } from './check-links.js';

describe('brokenLinks', () => {
  let root: string;
  const write = (path: string, lines: string[]) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), lines.join('\n'));
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'petstore-links-'));
    write('README.md', ['# Pet store', '', 'Read [the guide](docs/guide.md) and [its start](docs/guide.md#getting-started).']);
    write('docs/guide.md', [
      '# Guide',
      '## Getting started',
      'Back to [the front](../README.md#pet-store), [this page](#guide), [the code](../src/), [the web](https://example.com/x.md#nope).',
      '[Gone](missing.md) and [a heading that is not there](../README.md#quick-start) and [here neither](#getting-started-1).',
      'Out: [above the root](../../elsewhere.md), [from the root](/README.md), [a reference][nowhere], [bad](%E0%A4%A.md).',
      '```md',
      '[in a code block](missing.md)',
      '```',
      '[defined]: also-missing.md',
    ]);
    mkdirSync(join(root, 'src'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds nothing wrong where every link reaches its file and heading', () => {
    expect(brokenLinks(join(root, 'README.md'), root)).toEqual([]);
  });

  it('names each link that reaches no file, no heading or leaves the repository, with its line and why', () => {
    expect(brokenLinks(join(root, 'docs/guide.md'), root)).toEqual([
      { file: 'docs/guide.md', line: 4, target: 'missing.md', reason: 'no such file' },
      { file: 'docs/guide.md', line: 4, target: '../README.md#quick-start', reason: 'no heading with the anchor #quick-start' },
      { file: 'docs/guide.md', line: 4, target: '#getting-started-1', reason: 'no heading with the anchor #getting-started-1' },
      { file: 'docs/guide.md', line: 5, target: '../../elsewhere.md', reason: 'leaves the repository' },
      { file: 'docs/guide.md', line: 5, target: '/README.md', reason: 'a path from the root: write it relative to this file' },
      { file: 'docs/guide.md', line: 5, target: '%E0%A4%A.md', reason: 'a malformed %-escape' },
      { file: 'docs/guide.md', line: 5, target: '[nowhere]', reason: 'a reference to a label defined nowhere' },
      { file: 'docs/guide.md', line: 9, target: 'also-missing.md', reason: 'no such file' },
    ]);
  });
});
