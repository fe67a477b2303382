import { describe, expect, it } from 'vitest';
import { requireScopes } from './scopes.js';

describe('requireScopes', () => {
  it('lets a key through that holds every scope needed', () => {
    expect(() => requireScopes({ scopes: ['pets:read', 'pets:write'] }, ['pets:write', 'pets:read'])).not.toThrow();
    expect(() => requireScopes({ scopes: ['pets:read'] }, [])).not.toThrow();
  });

  it('refuses a key that lacks a scope as forbidden, naming what is missing', () => {
    expect(() => requireScopes({ scopes: ['pets:read'] }, ['pets:read', 'pets:write', 'pets:write'])).toThrow(
      expect.objectContaining({
        code: 'forbidden',
        message: 'this API key lacks the scope pets:write that this request needs (it has: pets:read)',
      }),
    );
  });
});
