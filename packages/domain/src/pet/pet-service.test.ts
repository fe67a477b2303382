import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock/clock.js';
import { DomainError } from '../errors/domain-error.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { PetService } from './pet-service.js';
import { CURSOR_PATTERN, type Pet } from './pet.schema.js';
import type { IdSource, PetListFilter, PetStore } from './ports.js';

/** A deliberately naive store: the service's rules are under test here, not the store's. */
class ArrayStore implements PetStore, IdSource {
  readonly pets: Pet[] = [];
  private last = 0;
  async next() {
    return ++this.last;
  }
  async insert(pet: Pet) {
    this.pets.push(pet);
  }
  async list({ limit, status, afterId }: PetListFilter) {
    return this.pets.filter((p) => (!status || p.status === status) && (afterId === undefined || p.id > afterId)).slice(0, limit);
  }
  async get(id: number) {
    return this.pets.find((p) => p.id === id) ?? null;
  }
}

const make = (now = new Date('2026-11-22T00:00:00Z')) => {
  const store = new ArrayStore();
  return { store, service: new PetService({ pets: store, ids: store, clock: fixedClock(now) }) };
};

const failure = async (promise: Promise<unknown>): Promise<DomainError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};

describe('PetService', () => {
  it('assigns ids and keeps what was sent', async () => {
    const { service } = make();
    expect(await service.create({ name: 'Rex', categoryId: 2, status: 'sold' })).toEqual({ id: 1, name: 'Rex', categoryId: 2, status: 'sold' });
  });

  it('invents no status', async () => {
    const { service } = make();
    expect(await service.create({ name: 'Rex', categoryId: 2 })).not.toHaveProperty('status');
  });

  it('names every bad field in one message and stores nothing', async () => {
    const { service, store } = make();
    const error = await failure(service.create({ name: '', categoryId: 'x', status: 'lost', extra: 1 }));
    expect(error.code).toBe('invalid_request');
    for (const field of ['name', 'categoryId', 'status', 'extra']) expect(error.message).toContain(field);
    expect(store.pets).toHaveLength(0);
  });

  it('says a missing field is required', async () => {
    const { service } = make();
    expect((await failure(service.create({ categoryId: 1 }))).message).toBe('name: is required');
  });

  it('defaults the list to 20 and bounds the limit to 1..100', async () => {
    const { service } = make();
    for (let i = 0; i < 25; i += 1) await service.create({ name: `p${i}`, categoryId: 1 });
    expect((await service.list({})).pets).toHaveLength(20);
    expect((await failure(service.list({ limit: 0 }))).message).toBe('limit: must be an integer from 1 to 100');
    expect((await failure(service.list({ limit: 101 }))).code).toBe('invalid_request');
    expect((await failure(service.list({ limit: '5' }))).message).toContain('limit');
  });

  it('gives a cursor only while more pets follow', async () => {
    const { service } = make();
    for (let i = 0; i < 5; i += 1) await service.create({ name: `p${i}`, categoryId: 1 });
    const first = await service.list({ limit: 3 });
    expect(first.pets.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(first.nextCursor).toBeDefined();
    const second = await service.list({ limit: 3, after: first.nextCursor });
    expect(second.pets.map((p) => p.id)).toEqual([4, 5]);
    expect(second.nextCursor).toBeUndefined();
  });

  it('answers not_found for an unknown id and invalid_request for a malformed one', async () => {
    const { service } = make();
    expect((await failure(service.get(7))).code).toBe('not_found');
    expect((await failure(service.get('seven', 'petId'))).message).toContain('petId');
  });

  it('answers not_found for every int64 the service never assigns, and invalid_request past int64', async () => {
    const { service } = make();
    for (const id of [0, -5, Number.MAX_SAFE_INTEGER, 2n ** 63n - 1n, -(2n ** 63n)]) {
      expect((await failure(service.get(id, 'petId'))).code, String(id)).toBe('not_found');
    }
    for (const id of [2n ** 63n, 1.5, '7', null]) {
      const error = await failure(service.get(id, 'petId'));
      expect([error.code, error.message], String(id)).toEqual(['invalid_request', expect.stringContaining('petId')]);
    }
  });

  it('keeps a categoryId anywhere in int64 exactly, in one form per value', async () => {
    const { service } = make();
    for (const categoryId of [-(2n ** 63n), 2n ** 63n - 1n, 0, -1, 2 ** 53 - 1]) {
      expect((await service.create({ name: 'Rex', categoryId })).categoryId).toBe(categoryId);
    }
    // A bigint that a number holds exactly becomes that number.
    expect((await service.create({ name: 'Rex', categoryId: 5n })).categoryId).toBe(5);
    for (const categoryId of [2n ** 63n, -(2n ** 63n) - 1n, 2 ** 53, 1.5, '7']) {
      expect((await failure(service.create({ name: 'Rex', categoryId }))).message, String(categoryId)).toContain('categoryId');
    }
  });

  it('says why a number past 2^53 - 1 is refused where an int64 is due: it may have been rounded, and decimal text is exact', async () => {
    const { service, store } = make();
    const unsafe = 'is a number past 2^53 - 1, which a JSON parser may already have rounded: send it as a decimal string';
    for (const value of [2 ** 53, 2 ** 60, -(2 ** 60), 2 ** 63, 1e30]) {
      expect((await failure(service.create({ name: 'Rex', categoryId: value }))).message, String(value)).toBe(`categoryId: ${unsafe}`);
      expect((await failure(service.get(value, 'id'))).message, String(value)).toBe(`id: ${unsafe}`);
    }
    // What is not an integer at all keeps the range rule.
    for (const value of [1.5, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect((await failure(service.create({ name: 'Rex', categoryId: value }))).message, String(value)).toBe(
        'categoryId: must be an integer from -9223372036854775808 to 9223372036854775807',
      );
    }
    expect(store.pets).toEqual([]);
  });

  it.each([
    ['a NUL', 'Re\u0000x'],
    ['a C1 control', 'Re\u0085x'],
    ['DEL', 'Re\u007fx'],
    ['a tab', 'Re\tx'],
    ['a lone high surrogate', 'x\ud800y'],
    ['a lone low surrogate', 'x\udc00'],
    ['a pair in the wrong order', '\udc3d\ud83d'],
  ])('refuses a name with %s, naming the field', async (_, name) => {
    const { service, store } = make();
    expect((await failure(service.create({ name, categoryId: 1 }))).message).toMatch(/^name: /);
    expect(store.pets).toEqual([]);
  });

  it('accepts a name with characters outside the Basic Multilingual Plane', async () => {
    const { service } = make();
    expect((await service.create({ name: 'Rex \u{1F415}', categoryId: 1 })).name).toBe('Rex \u{1F415}');
  });

  it('answers gone from the sunset instant on', async () => {
    const { service } = make(new Date('2030-12-05T00:00:00Z'));
    expect((await failure(service.get(1))).code).toBe('gone');
    const { service: before } = make(new Date('2030-12-04T23:59:59Z'));
    expect((await failure(before.get(1))).code).toBe('not_found');
  });
});

describe('cursor', () => {
  it.each([1, 42, 63, 64, 4095, 4096, 2 ** 32 + 7, Number.MAX_SAFE_INTEGER])('round-trips the id %d within the published pattern', (id) => {
    const cursor = encodeCursor(id);
    expect(cursor).toMatch(CURSOR_PATTERN);
    expect(decodeCursor(cursor)).toBe(id);
  });

  it('keeps the order of ids in the order of positions', () => {
    expect(decodeCursor('A')).toBe(0);
    expect(decodeCursor('AAAAAAAAB')).toBe(1);
    expect(decodeCursor('_________')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each(['', 'not a cursor', 'ABCDEFGHIJ', 'a+b', 'a=', 'x.y'])('refuses %j, which is not of the published pattern', (cursor) => {
    expect(CURSOR_PATTERN.test(cursor)).toBe(false);
    expect(() => decodeCursor(cursor)).toThrow(/after/);
  });
});
