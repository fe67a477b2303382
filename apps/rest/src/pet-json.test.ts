import { PET_STATUSES, type Pet } from '@petstore/domain';
import { stringifyJson } from '@petstore/http';
import { describe, expect, it } from 'vitest';
import { petJson, petsJson } from './pet-json.js';

const names = ['Rex', 'say "hi"', 'back\\slash', 'tab\there', 'ünïcödé', '🐈 cat', 'line\u2028sep', '</script>', ' padded '];
const categoryIds = [0, 1, -1, 42, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2n ** 63n - 1n, -(2n ** 63n), 9007199254740993n];

function samplePets(): Pet[] {
  const pets: Pet[] = [];
  let id = 1;
  for (const name of names)
    for (const categoryId of categoryIds)
      for (const status of [undefined, ...PET_STATUSES]) {
        pets.push(status === undefined ? { id, name, categoryId } : { id, name, categoryId, status });
        id = id * 3 + 1 > Number.MAX_SAFE_INTEGER ? 1 : id * 3 + 1;
      }
  return pets;
}

describe('the pet JSON writer', () => {
  it('writes each pet as the general writer does, bigints and escapes included', () => {
    for (const pet of samplePets()) expect(petJson(pet)).toBe(stringifyJson(pet));
  });

  it('writes the fields in the contract order, whatever order the object holds them in', () => {
    const pet = { status: 'sold', categoryId: 7, name: 'Tom', id: 3 } as Pet;
    expect(petJson(pet)).toBe('{"id":3,"name":"Tom","categoryId":7,"status":"sold"}');
  });

  it('writes a list as a JSON array, the empty one included', () => {
    const pets = samplePets();
    expect(petsJson(pets)).toBe(stringifyJson(pets));
    expect(JSON.parse(petsJson(pets.slice(0, 3)))).toHaveLength(3);
    expect(petsJson([])).toBe('[]');
  });
});
