import { defineStoreSuite } from '@petstore/testing';
import { PET_STATUSES, systemClock, type Pet } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { MemoryAuditLog } from './memory-audit-log.js';
import { MemoryIdempotencyStore } from './memory-idempotency-store.js';
import { MemoryKeyClaims } from './memory-key-claims.js';
import { MemoryKeyStore } from './memory-key-store.js';
import { MemoryKeyTagSecrets } from './memory-key-tag-secrets.js';
import { MemoryPetStore } from './memory-pet-store.js';

defineStoreSuite('memory', async () => {
  const pets = new MemoryPetStore();
  return {
    pets,
    ids: pets,
    keys: new MemoryKeyStore(),
    audit: new MemoryAuditLog(),
    idempotency: new MemoryIdempotencyStore(systemClock),
    keyClaims: new MemoryKeyClaims(systemClock),
    keyTagSecrets: new MemoryKeyTagSecrets(),
    close: async () => {},
  };
});

describe('memory pet store layout', () => {
  // The shared suite stores a handful of pets; this one makes every column and index grow and shift.
  it('keeps every pet, in id order and per status, through growth and out-of-order inserts', async () => {
    const store = new MemoryPetStore();
    const count = 1000;
    const pet = (id: number): Pet => ({
      id,
      name: `pet ${id}`,
      categoryId: id * 1_000_003,
      ...(id % 4 === 0 ? {} : { status: PET_STATUSES[id % 3] }),
    });
    const order = Array.from({ length: count }, (_, i) => 1 + ((i * 389) % count));
    for (const id of order) await store.insert(pet(id));

    const all = Array.from({ length: count }, (_, i) => pet(i + 1));
    expect(await store.list({ limit: count })).toStrictEqual(all);
    expect(await store.list({ limit: 3, afterId: 500 })).toStrictEqual(all.slice(500, 503));
    for (const status of PET_STATUSES) {
      expect(await store.list({ limit: count, status })).toStrictEqual(all.filter((each) => each.status === status));
    }
    for (const id of [1, 389, 777, count]) expect(await store.get(id)).toStrictEqual(pet(id));
    await expect(store.insert(pet(389))).rejects.toMatchObject({ code: 'conflict' });
  });
});
