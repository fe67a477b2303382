import { fixedClock } from '@petstore/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postGraphql, type GraphqlAnswer } from './testing/graphql-call.js';
import { addPets, numberedPets, PET_FIELDS, type PetView } from './testing/pet-fixtures.js';
import { startGraphql, type TestGraphql } from './testing/start-graphql.js';

let door: TestGraphql;
beforeEach(async () => {
  door = await startGraphql();
});
afterEach(() => door.close());

type PageAnswer = GraphqlAnswer<{ petsPage: { pets: PetView[]; nextCursor: string | null } }>;

const query = <T>(text: string, variables?: Record<string, unknown>) =>
  postGraphql<T>(door.url, { query: text, key: door.apiKey, ...(variables && { variables }) });

describe('Query.pets', () => {
  it('returns the first 20 pets ordered by id when no limit is given', async () => {
    const added = await addPets(door, numberedPets(25));
    const answer = await query<{ pets: PetView[] }>(`{ pets { ${PET_FIELDS} } }`);
    expect(answer.status).toBe(200);
    expect(answer.body.data?.pets).toEqual(added.slice(0, 20));
  });

  it('returns an empty list when the store is empty', async () => {
    const answer = await query<{ pets: PetView[] }>('{ pets { id } }');
    expect(answer.body).toEqual({ data: { pets: [] } });
  });

  it('accepts limits from 1 to 100 and treats an explicit null as the default', async () => {
    await addPets(door, numberedPets(21));
    const answer = await query<Record<string, PetView[]>>(
      '{ one: pets(limit: 1) { id } max: pets(limit: 100) { id } none: pets(limit: null) { id } }',
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data?.['one']).toHaveLength(1);
    expect(answer.body.data?.['max']).toHaveLength(21);
    expect(answer.body.data?.['none']).toHaveLength(20);
  });

  it.each([0, 101, -5])('refuses limit %i with BAD_USER_INPUT naming the field', async (limit) => {
    const answer = await query('query List($limit: Int) { pets(limit: $limit) { id } }', { limit });
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ message: 'limit: must be an integer from 1 to 100', extensions: { code: 'BAD_USER_INPUT' }, path: ['pets'] }),
    ]);
  });

  it('filters by status, a null status meaning no filter', async () => {
    const added = await addPets(door, numberedPets(6));
    const answer = await query<Record<string, PetView[]>>(`{ sold: pets(status: SOLD) { ${PET_FIELDS} } all: pets(status: null) { id } }`);
    expect(answer.body.data?.['sold']).toEqual(added.filter((pet) => pet.status === 'SOLD'));
    expect(answer.body.data?.['all']).toHaveLength(6);
  });

  it('continues after a cursor taken from petsPage', async () => {
    const added = await addPets(door, numberedPets(5));
    const first = await query<{ petsPage: { nextCursor: string } }>('{ petsPage(limit: 2) { nextCursor } }');
    const answer = await query<{ pets: PetView[] }>(`query Next($after: String) { pets(limit: 2, after: $after) { ${PET_FIELDS} } }`, {
      after: first.body.data?.petsPage.nextCursor,
    });
    expect(answer.body.data?.pets).toEqual(added.slice(2, 4));
  });

  it('refuses a cursor it did not issue with BAD_USER_INPUT naming after', async () => {
    const answer = await query('{ pets(after: "not-a-cursor") { id } }');
    expect(answer.body.errors?.[0]).toMatchObject({
      message: 'after: must be a cursor returned by a previous page',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('Query.petsPage', () => {
  it('walks every pet exactly once, in id order, and ends with a null cursor', async () => {
    const added = await addPets(door, numberedPets(7));
    const seen: PetView[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const answer: PageAnswer = await query(
        `query Page($after: String) { petsPage(limit: 3, after: $after) { pets { ${PET_FIELDS} } nextCursor } }`,
        { after },
      );
      const page = answer.body.data?.petsPage;
      if (!page) throw new Error(JSON.stringify(answer.body.errors));
      seen.push(...page.pets);
      after = page.nextCursor;
      pages += 1;
    } while (after !== null && pages < 10);
    expect(seen).toEqual(added);
    expect(pages).toBe(3);
  });

  it('pages within a status filter', async () => {
    const added = await addPets(door, numberedPets(9));
    const available = added.filter((pet) => pet.status === 'AVAILABLE');
    const first = await query<{ petsPage: { pets: PetView[]; nextCursor: string | null } }>(
      `{ petsPage(limit: 2, status: AVAILABLE) { pets { ${PET_FIELDS} } nextCursor } }`,
    );
    expect(first.body.data?.petsPage.pets).toEqual(available.slice(0, 2));
    const rest = await query<{ petsPage: { pets: PetView[]; nextCursor: string | null } }>(
      `query Rest($after: String) { petsPage(limit: 2, status: AVAILABLE, after: $after) { pets { ${PET_FIELDS} } nextCursor } }`,
      { after: first.body.data?.petsPage.nextCursor },
    );
    expect(rest.body.data?.petsPage).toEqual({ pets: available.slice(2), nextCursor: null });
  });
});

describe('Query.pet', () => {
  it('returns the pet with that id', async () => {
    const [pet] = await addPets(door, [{ name: 'Rex', categoryId: '9007199254740991', status: 'PENDING' }]);
    const answer = await query<{ pet: PetView }>(`query One($id: ID!) { pet(id: $id) { ${PET_FIELDS} } }`, { id: pet?.id });
    expect(answer.body).toEqual({ data: { pet } });
  });

  it('returns null without an error for an unknown id', async () => {
    const answer = await query('{ pet(id: "424242") { id } }');
    expect(answer.body).toEqual({ data: { pet: null } });
  });

  it.each(['0', '-5', '9007199254740992', '9223372036854775807', '-9223372036854775808'])(
    'returns null without an error for %s, an int64 no pet has',
    async (id) => {
      const answer = await query('query One($id: ID!) { pet(id: $id) { id } }', { id });
      expect(answer.body).toEqual({ data: { pet: null } });
    },
  );

  it.each(['abc', '1.5', '9223372036854775808'])('refuses the id %s with BAD_USER_INPUT naming the field', async (id) => {
    const answer = await query('query One($id: ID!) { pet(id: $id) { id } }', { id });
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        message: 'id: must be an integer from -9223372036854775808 to 9223372036854775807',
        extensions: { code: 'BAD_USER_INPUT' },
      }),
    ]);
  });

  it('answers GONE once the removal date has passed', async () => {
    const afterSunset = await startGraphql({ clock: fixedClock(new Date('2030-12-05T00:00:00Z')) });
    try {
      const answer = await postGraphql(afterSunset.url, { query: '{ pet(id: "1") { id } }', key: afterSunset.apiKey });
      expect(answer.body.data).toEqual({ pet: null });
      expect(answer.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/removed on 2030-12-05/), extensions: { code: 'GONE' } });
    } finally {
      await afterSunset.close();
    }
  });
});
