import { describe, expect, it } from 'vitest';
import type { ApiKeyRecord } from '../auth/ports.js';
import { keysIssuedThrough } from './member-keys.js';

/** A key record with only what the walk reads: its id and who created it. */
const key = (id: string, createdBy: string | null): ApiKeyRecord =>
  ({ id, createdBy, revokedAt: null, expiresAt: null, overlapEndsAt: null }) as ApiKeyRecord;

describe('the keys whose secrets a person was shown', () => {
  it('are those they made, and, following createdBy, those their keys made, however deep', () => {
    const keys = [
      key('key_ci', 'person:per_ann'),
      key('key_shop', 'key:key_ci'),
      key('key_deep', 'key:key_shop'),
      key('key_rolled', 'person:per_ann'),
      key('key_bob', 'person:per_bob'),
      key('key_bobs_own', 'key:key_bob'),
      key('key_operator', 'alice (ops)'),
      key('key_old', null),
    ];
    expect(keysIssuedThrough('person:per_ann', keys).map((each) => each.id)).toEqual(['key_ci', 'key_rolled', 'key_shop', 'key_deep']);
  });

  it('follows a chain through a key revoked since, and leaves a key the owner rolled from theirs (its secret is the owner’s)', () => {
    const keys = [
      { ...key('key_ci', 'person:per_ann'), revokedAt: new Date('2026-06-01T00:00:00Z') },
      key('key_made', 'key:key_ci'),
      key('key_replacement', 'person:per_owner'),
    ];
    expect(keysIssuedThrough('person:per_ann', keys).map((each) => each.id)).toEqual(['key_ci', 'key_made']);
  });

  it('finds nothing for a person who made no key', () => {
    expect(keysIssuedThrough('person:per_ann', [key('key_bob', 'person:per_bob')])).toEqual([]);
  });
});
