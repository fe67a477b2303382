import { describe, expect, it } from 'vitest';
import { requireScopes } from './scopes.js';

describe('requireScopes', () => {
  it('lets a key through that holds every scope needed, and anything that needs none', () => {
    const both = { scopes: ['pets:read', 'pets:write'] as const };
    expect(() =>
      requireScopes(both, [
        { name: 'addPet', scope: 'pets:write' },
        { name: 'pets', scope: 'pets:read' },
      ]),
    ).not.toThrow();
    expect(() => requireScopes({ scopes: ['pets:read'] }, [{ name: '__schema', scope: null }])).not.toThrow();
    expect(() => requireScopes({ scopes: ['pets:read'] }, [])).not.toThrow();
  });

  it('refuses a key that lacks a scope as forbidden, naming the scope and the operation that needs it', () => {
    const operations = [
      { name: 'pets.list', scope: 'pets:read' },
      { name: 'pets.create', scope: 'pets:write' },
      { name: 'pets.create', scope: 'pets:write' },
    ] as const;
    expect(() => requireScopes({ scopes: ['pets:read'] }, operations)).toThrow(
      expect.objectContaining({
        code: 'forbidden',
        message: 'this API key lacks the pets:write scope that pets.create needs (it has: pets:read)',
      }),
    );
  });

  it('names every operation that needs a missing scope, and every scope missing', () => {
    const reads = [
      { name: 'pets', scope: 'pets:read' },
      { name: 'petsPage', scope: 'pets:read' },
    ] as const;
    expect(() => requireScopes({ scopes: ['pets:write'] }, reads)).toThrow(
      'this API key lacks the pets:read scope that pets and petsPage need (it has: pets:write)',
    );
    expect(() => requireScopes({ scopes: [] }, [...reads, { name: 'addPet', scope: 'pets:write' }])).toThrow(
      'this API key lacks the pets:read scope that pets and petsPage need and the pets:write scope that addPet needs (it has: none)',
    );
  });
});
