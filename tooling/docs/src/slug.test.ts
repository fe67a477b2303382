import { describe, expect, it } from 'vitest';
import { headingSlugger, slugOf } from './slug.js';

describe('slugOf', () => {
  it.each([
    ['Quick start', 'quick-start'],
    ['`PETSTORE_ENV` and the others', 'petstore_env-and-the-others'],
    ['Operations › Configuration', 'operations--configuration'],
    ['Met: REST list ≥ 1.0 × L0 (1.08×), tRPC ≥ 2 × its peer', 'met-rest-list--10--l0-108-trpc--2--its-peer'],
    ['REST (`/v1`)', 'rest-v1'],
    ['See [the contract](docs/contract.md) first', 'see-the-contract-first'],
    ['Déjà vu', 'déjà-vu'],
  ])('gives "%s" the anchor GitHub gives it', (heading, slug) => {
    expect(slugOf(heading)).toBe(slug);
  });
});

describe('headingSlugger', () => {
  it('numbers a repeated heading as GitHub does, from -1', () => {
    const slug = headingSlugger();
    expect(['Configuration', 'Configuration', 'Configuration-1', 'Configuration'].map(slug)).toEqual([
      'configuration',
      'configuration-1',
      'configuration-1-1',
      'configuration-2',
    ]);
  });
});
