import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PAGES = ['README.md', 'docs/contract.md'];

/** Markdown link targets that are paths (not web addresses, not anchors within the page). */
function localTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] ?? '').split('#')[0] ?? '')
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

describe('the documentation a clone holds', () => {
  it.each(PAGES)('%s links only to files inside the repository that exist', (page) => {
    const file = resolve(ROOT, page);
    for (const target of localTargets(readFileSync(file, 'utf8'))) {
      const path = resolve(dirname(file), target);
      expect(path.startsWith(ROOT), `${page} -> ${target} leaves the repository`).toBe(true);
      expect(existsSync(path), `${page} -> ${target}`).toBe(true);
    }
  });

  it('states the contract in the repository and points to it from the README', () => {
    expect(localTargets(readFileSync(resolve(ROOT, 'README.md'), 'utf8'))).toEqual(
      expect.arrayContaining(['docs/contract.md', 'apps/rest/openapi/openapi.json']),
    );
  });
});
