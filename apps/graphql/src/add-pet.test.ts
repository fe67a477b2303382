import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postGraphql } from './testing/graphql-call.js';
import { ADD_PET, type PetView } from './testing/pet-fixtures.js';
import { startGraphql, type TestGraphql } from './testing/start-graphql.js';

let door: TestGraphql;
beforeEach(async () => {
  door = await startGraphql();
});
afterEach(() => door.close());

const addPet = (input: Record<string, unknown>) =>
  postGraphql<{ addPet: PetView }>(door.url, { query: ADD_PET, variables: { input }, key: door.apiKey });

async function storedPets(): Promise<PetView[]> {
  const answer = await postGraphql<{ pets: PetView[] }>(door.url, { query: '{ pets(limit: 100) { id name categoryId status } }', key: door.apiKey });
  return answer.body.data?.pets ?? [];
}

describe('Mutation.addPet', () => {
  it('stores the pet and returns it with its new id, int64 values exact as strings', async () => {
    const answer = await addPet({ name: 'Rex', categoryId: '9007199254740991', status: 'AVAILABLE' });
    expect(answer.status).toBe(200);
    const pet = answer.body.data?.addPet;
    expect(pet).toEqual({ id: expect.stringMatching(/^[1-9]\d*$/), name: 'Rex', categoryId: '9007199254740991', status: 'AVAILABLE' });
    expect(await storedPets()).toEqual([pet]);
  });

  it('leaves the status unset when it is null or absent', async () => {
    const withNull = await addPet({ name: 'Tom', categoryId: '1', status: null });
    const without = await addPet({ name: 'Jerry', categoryId: '2' });
    expect(withNull.body.data?.addPet.status).toBeNull();
    expect(without.body.data?.addPet.status).toBeNull();
  });

  it('accepts an integer literal for the ID categoryId, as GraphQL coerces it to a string', async () => {
    const answer = await postGraphql<{ addPet: PetView }>(door.url, {
      query: 'mutation { addPet(input: { name: "Literal", categoryId: 42 }) { categoryId } }',
      key: door.apiKey,
    });
    expect(answer.body.data?.addPet.categoryId).toBe('42');
  });

  it.each(['9223372036854775807', '-9223372036854775808', '0', '9007199254740993'])('keeps categoryId %s digit for digit', async (categoryId) => {
    const answer = await addPet({ name: 'Rex', categoryId });
    expect(answer.body.data?.addPet.categoryId).toBe(categoryId);
    expect((await storedPets()).map((pet) => String(pet.categoryId))).toEqual([categoryId]);
  });

  // Prefix matches: the domain repeats a rule once per failed check (e.g. "" is both too short and blank).
  it.each([
    [{ name: '', categoryId: '1' }, /^name: must be a non-blank string of at most 200 characters/],
    [{ name: '   ', categoryId: '1' }, /^name: must be a non-blank string of at most 200 characters/],
    [{ name: 'x'.repeat(201), categoryId: '1' }, /^name: must be a non-blank string of at most 200 characters/],
    [{ name: 'Rex', categoryId: 'abc' }, /^categoryId: must be an integer from -9223372036854775808 to 9223372036854775807/],
    [{ name: 'Rex', categoryId: '9223372036854775808' }, /^categoryId: must be an integer from -9223372036854775808 to 9223372036854775807/],
    [{ name: 'Rex', categoryId: '1.5' }, /^categoryId: must be an integer from -9223372036854775808 to 9223372036854775807/],
    [{ name: 'Re\u0000x', categoryId: '1' }, /^name: must be well-formed Unicode without control characters/],
    [{ name: 'x\udc00', categoryId: '1' }, /^name: must be well-formed Unicode without control characters/],
  ])('refuses %j with BAD_USER_INPUT naming the field and stores nothing', async (input, message) => {
    const answer = await addPet(input);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ message: expect.stringMatching(message), extensions: { code: 'BAD_USER_INPUT' }, path: ['addPet'] }),
    ]);
    expect(await storedPets()).toEqual([]);
  });

  it('refuses input the schema does not allow before calling the domain, naming the field', async () => {
    const answer = await addPet({ categoryId: '1', colour: 'brown' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    expect(answer.body.errors?.map((error) => error.message).join('\n')).toMatch(/"name"[\s\S]*"colour"|"colour"[\s\S]*"name"/);
    expect(await storedPets()).toEqual([]);
  });

  it('refuses an unknown status value as a validation error', async () => {
    const answer = await postGraphql(door.url, {
      query: 'mutation { addPet(input: { name: "Rex", categoryId: "1", status: LOST }) { id } }',
      key: door.apiKey,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(await storedPets()).toEqual([]);
  });
});
