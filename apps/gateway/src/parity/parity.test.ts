import { fixedClock, INT64_MAX, INT64_MIN, MAX_PET_ID, OPERATOR, operatorOn } from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { doorsAt, type CommonPet, type Credential, type Door, type Outcome } from '../testing/doors/doors.js';
import { eachDoor, PARITY_STORES, sameForEveryDoor, storedPets } from './testing/every-door.js';

/**
 * Each behaviour is stated once and run through REST, GraphQL and tRPC against one gateway.
 * Answers are compared door by door in one object, so a difference fails with the door named.
 */
const kindOf = (outcome: Outcome<unknown>): string => (outcome.ok ? 'ok' : outcome.kind);
const valueOf = <T>(outcome: Outcome<T>): T => {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.kind}: ${outcome.message} (${outcome.detail})`);
  return outcome.value;
};

for (const store of PARITY_STORES) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`one behaviour across REST, GraphQL and tRPC on the ${store.name}`, () => {
    let gw: TestGateway;
    let doors: Door[];
    let key: Credential;

    /** Counts every stored pet by walking the service's pages (a refused create must not change it). */
    const countPets = async (status?: string): Promise<number> => (await storedPets(gw, status)).length;

    beforeAll(async () => {
      gw = await startTestGateway({ mongodbUri: store.uri });
      doors = doorsAt(gw.baseUrl);
      key = { key: gw.apiKey };
      for (let i = 0; i < 120; i += 1) {
        valueOf(await doors[0]!.create(key, { name: `seed ${i}`, categoryId: 7, status: ['available', 'pending', 'sold'][i % 3] }));
      }
    });
    afterAll(async () => {
      await gw.close();
    });

    it.each([
      ['the largest int64', INT64_MAX],
      ['the smallest int64', INT64_MIN],
      ['2^53, the first integer past the safe range', 2n ** 53n],
      ['the largest safe integer', Number.MAX_SAFE_INTEGER],
      ['zero', 0],
      ['minus one', -1],
    ])('reads back a pet with categoryId %s created through any door, digit for digit, through every door', async (_, categoryId) => {
      for (const creator of doors) {
        const created = valueOf(await creator.create(key, { name: `made by ${creator.name}`, categoryId, status: 'pending' }));
        expect(created).toEqual({ id: expect.any(Number), name: `made by ${creator.name}`, categoryId: String(categoryId), status: 'pending' });
        const reads = await eachDoor(doors, async (door) => valueOf(await door.get(key, created.id)));
        expect(reads).toEqual(sameForEveryDoor(created));
        const listed = await eachDoor(doors, async (door) => valueOf(await door.list(key, { status: 'pending', limit: 100 })));
        for (const pets of Object.values(listed)) expect(pets.find((pet) => pet.id === created.id)).toEqual(created);
      }
    });

    it('answers with the name exactly as stored, for text outside the Basic Multilingual Plane', async () => {
      const name = 'Rex \u{1F415} \u00e9\u0301 \u4e2d';
      for (const creator of doors) {
        const created = valueOf(await creator.create(key, { name, categoryId: 1 }));
        expect(created.name).toBe(name);
        expect(await eachDoor(doors, async (door) => valueOf(await door.get(key, created.id)))).toEqual(sameForEveryDoor(created));
      }
    });

    it('creates a pet without status, and no door invents one', async () => {
      const created = valueOf(await doors[1]!.create(key, { name: 'no status', categoryId: 1 }));
      const reads = await eachDoor(doors, async (door) => valueOf(await door.get(key, created.id)));
      expect(reads).toEqual(sameForEveryDoor({ id: created.id, name: 'no status', categoryId: '1' }));
    });

    it.each([
      ['the default limit', {}],
      ['limit 1', { limit: 1 }],
      ['limit 100', { limit: 100 }],
      ['status available', { status: 'available', limit: 100 }],
      ['status pending', { status: 'pending' }],
      ['status sold', { status: 'sold', limit: 5 }],
    ])('lists the same pets in the same order for %s', async (_, input) => {
      const lists = await eachDoor(doors, async (door) => valueOf(await door.list(key, input)));
      const reference = lists['rest'] as CommonPet[];
      expect(lists).toEqual(sameForEveryDoor(reference));
      const stored = await countPets('status' in input ? input.status : undefined);
      expect(reference).toHaveLength(Math.min('limit' in input ? input.limit : 20, stored));
      if ('status' in input) expect(reference.every((pet) => pet.status === input.status)).toBe(true);
      const ids = reference.map((pet) => pet.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it.each([
      ['limit 0', { limit: 0 }, 'limit'],
      ['limit 101', { limit: 101 }, 'limit'],
      ['a fractional limit', { limit: 1.5 }, 'limit'],
      ['a status outside the enum', { status: 'lost' }, 'status'],
      ['a cursor nobody issued', { after: 'bm90LWEtY3Vyc29y' }, 'after'],
    ])('refuses %s as invalid at every door, naming the field', async (_, input, field) => {
      const answers = await eachDoor(doors, (door) => door.list(key, input));
      expect(Object.fromEntries(Object.entries(answers).map(([door, outcome]) => [door, kindOf(outcome)]))).toEqual(
        sameForEveryDoor('invalid_request'),
      );
      for (const [door, outcome] of Object.entries(answers)) expect(outcome.ok ? '' : outcome.message, door).toContain(field);
    });

    it.each([
      ['a missing name', { categoryId: 1 }, 'name'],
      ['a missing categoryId', { name: 'Rex' }, 'categoryId'],
      ['a blank name', { name: '  ', categoryId: 1 }, 'name'],
      ['a name of 201 characters', { name: 'x'.repeat(201), categoryId: 1 }, 'name'],
      ['a categoryId of 2^63', { name: 'Rex', categoryId: 2n ** 63n }, 'categoryId'],
      ['a categoryId below -2^63', { name: 'Rex', categoryId: INT64_MIN - 1n }, 'categoryId'],
      ['a fractional categoryId', { name: 'Rex', categoryId: 1.5 }, 'categoryId'],
      ['a NUL in the name', { name: 'Re\u0000x', categoryId: 1 }, 'name'],
      ['a C1 control in the name', { name: 'Re\u0085x', categoryId: 1 }, 'name'],
      ['DEL in the name', { name: 'Re\u007fx', categoryId: 1 }, 'name'],
      ['a lone surrogate in the name', { name: 'x\ud800y', categoryId: 1 }, 'name'],
      ['a status outside the enum', { name: 'Rex', categoryId: 1, status: 'lost' }, 'status'],
    ])('refuses a create with %s at every door, naming the field, and stores nothing', async (_, input, field) => {
      const before = await countPets();
      const answers = await eachDoor(doors, (door) => door.create(key, input));
      expect(Object.fromEntries(Object.entries(answers).map(([door, outcome]) => [door, kindOf(outcome)]))).toEqual(
        sameForEveryDoor('invalid_request'),
      );
      for (const [door, outcome] of Object.entries(answers)) expect(outcome.ok ? '' : outcome.message, door).toContain(field);
      expect(await countPets()).toBe(before);
    });

    describe('authentication', () => {
      const credentials: [string, () => Promise<Credential>][] = [
        ['no key', async () => ({ none: true })],
        ['another scheme', async () => ({ header: 'Basic dXNlcjpwYXNz' })],
        ['an unknown key', async () => ({ key: 'psk_unknown_unknown_unknown' })],
        [
          'a revoked key',
          async () => {
            const account = await gw.runtime.accounts.createAccount('revoked');
            const issued = await gw.runtime.keys.createKey(operatorOn(account.id));
            await gw.runtime.keys.revokeKey(OPERATOR, issued.id);
            return { key: issued.key };
          },
        ],
      ];

      it.each(credentials)('refuses %s on every operation of every door, before validating input', async (_, make) => {
        const credential = await make();
        const answers = await eachDoor(doors, async (door) => [
          kindOf(await door.list(credential, {})),
          kindOf(await door.list(credential, { limit: 0 })),
          kindOf(await door.create(credential, { name: 'Rex', categoryId: 1 })),
          kindOf(await door.create(credential, { name: '' })),
          kindOf(await door.get(credential, 1)),
        ]);
        expect(answers).toEqual(sameForEveryDoor(Array(5).fill('unauthorized')));
      });
    });

    it.each([
      ['never assigned', 999_999_999_999],
      ['zero', 0],
      ['negative', -5],
      ['the largest safe integer', MAX_PET_ID],
      ['past 2^53', 2n ** 53n + 1n],
      ['the largest int64 but one', INT64_MAX - 1n],
      ['the largest int64', INT64_MAX],
      ['the smallest int64', INT64_MIN],
    ])('answers not_found for an id that is %s, at every door', async (_, id) => {
      const answers = await eachDoor(doors, async (door) => kindOf(await door.get(key, id)));
      expect(answers).toEqual(sameForEveryDoor('not_found'));
    });

    it.each([
      ['text', 'abc'],
      ['a fraction', '1.5'],
      ['2^63', '9223372036854775808'],
      ['below -2^63', '-9223372036854775809'],
    ])('refuses an id that is %s as invalid at every door', async (_, id) => {
      const answers = await eachDoor(doors, async (door) => kindOf(await door.get(key, id)));
      expect(answers).toEqual(sameForEveryDoor('invalid_request'));
    });
  });

  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`the deprecated read after its sunset on the ${store.name}`, () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startTestGateway({ mongodbUri: store.uri, clock: fixedClock(new Date('2030-12-05T00:00:00Z')) });
    });
    afterAll(async () => {
      await gw.close();
    });

    it('is gone at every door while list and create still work', async () => {
      const doors = doorsAt(gw.baseUrl);
      const key = { key: gw.apiKey };
      const created = valueOf(await doors[0]!.create(key, { name: 'late', categoryId: 1 }));
      const answers = await eachDoor(doors, async (door) => [
        kindOf(await door.get(key, created.id)),
        kindOf(await door.list(key, {})),
        kindOf(await door.create(key, { name: 'still', categoryId: 1 })),
      ]);
      expect(answers).toEqual(sameForEveryDoor(['gone', 'ok', 'ok']));
    });
  });
}
