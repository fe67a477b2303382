import { SCOPES } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { GRANTABLE_SCOPES } from './scopes.js';

describe('the scopes the create form offers', () => {
  it('are every scope the service knows, in its order', () => {
    expect(GRANTABLE_SCOPES.map(({ scope }) => scope)).toEqual([...SCOPES]);
  });
});
