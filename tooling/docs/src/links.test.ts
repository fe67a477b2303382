import { describe, expect, it } from 'vitest';
import { anchorsOf } from './anchors.js';
import { linksOf } from './links.js';

describe('linksOf', () => {
  it('finds inline links, images, angle-bracketed targets and titles, with their lines', () => {
    const markdown = [
      '# Title',
      'See [the guide](docs/guide.md#start) and ![a logo](logo.png "Logo").',
      '[spaced](<a file.md>) [web](https://example.com)',
    ].join('\n');
    expect(linksOf(markdown)).toEqual([
      { target: 'docs/guide.md#start', line: 2 },
      { target: 'logo.png', line: 2 },
      { target: 'a file.md', line: 3 },
      { target: 'https://example.com', line: 3 },
    ]);
  });

  it('finds a link whose text wraps onto the next line, on the line it starts', () => {
    expect(linksOf('Read the [operator’s\nmanual](docs/operations.md).')).toEqual([{ target: 'docs/operations.md', line: 1 }]);
  });

  it('ignores what code blocks and code spans hold', () => {
    const markdown = ['```ts', 'const x = [a](b);', '```', 'Text `[c](d)` and ~~~ text', '~~~', '[e](f)', '~~~', '[g](h)'].join('\n');
    expect(linksOf(markdown)).toEqual([{ target: 'h', line: 8 }]);
  });

  it('checks reference definitions, and reports a reference whose label is defined nowhere', () => {
    const markdown = ['Use [the tests][Testing] and [this][missing] or [Testing][].', '', '[testing]: docs/testing.md'].join('\n');
    expect(linksOf(markdown)).toEqual([
      { target: '[missing]', line: 1 },
      { target: 'docs/testing.md', line: 3 },
    ]);
  });
});

describe('anchorsOf', () => {
  it('offers one anchor per heading, not for a `#` line inside a code block, and HTML ids', () => {
    const markdown = [
      '# Pet store',
      '## Quick start ##',
      '```sh',
      '# not a heading',
      '```',
      '## Quick start',
      '<a id="kept-name"></a>',
      '#no space',
    ].join('\n');
    expect([...anchorsOf(markdown)]).toEqual(['pet-store', 'quick-start', 'quick-start-1', 'kept-name']);
  });
});
