import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.js';
import { doorTable } from './door-table.js';

describe('doorTable', () => {
  it("looks an operation up by the door's own name, whether the entry is the name alone or an object naming it", () => {
    const table = doorTable({ 'Query.pets': 'listPets', 'Query.pet': { operation: 'getPet' }, 'Mutation.addPet': 'createPet' }, {});
    expect(table.operationOf('Query.pets')).toBe(CATALOGUE.listPets);
    expect(table.operationOf('Query.pet')).toBe(CATALOGUE.getPet);
    expect(table.operationOf('Mutation.addPet')).toBe(CATALOGUE.createPet);
  });

  it('knows no name the door did not map, inherited properties included', () => {
    const table = doorTable({ list: 'listPets', get: 'getPet', create: 'createPet' }, {});
    expect(table.operationOf('delete')).toBeUndefined();
    expect(table.operationOf('hasOwnProperty')).toBeUndefined();
    expect(table.operationOf('constructor')).toBeUndefined();
  });

  it('keeps the reason a door gives for leaving an operation out', () => {
    const table = doorTable({ list: 'listPets', create: 'createPet' }, { getPet: 'deprecated before this door opened' });
    expect(table.omitted).toEqual({ getPet: 'deprecated before this door opened' });
    expect(table.operationOf('get')).toBeUndefined();
  });
});

/**
 * What the compiler refuses, checked by the typecheck (`tsc --noEmit` covers the tests): each
 * `@ts-expect-error` fails the typecheck if the line below it ever compiles.
 */
describe('doorTable, as the compiler checks it', () => {
  it('refuses a table that leaves an operation out without saying why', () => {
    // @ts-expect-error getPet is neither mapped nor named as omitted
    const table = doorTable({ list: 'listPets', create: 'createPet' }, {});
    expect(table.operationOf('get')).toBeUndefined();
  });

  it('refuses an omission of an operation the table maps', () => {
    // @ts-expect-error getPet is mapped, so it cannot be omitted too
    const table = doorTable({ list: 'listPets', create: 'createPet', get: 'getPet' }, { getPet: 'not served' });
    expect(table.operationOf('get')).toBe(CATALOGUE.getPet);
  });

  it('refuses a door name mapped onto an operation the catalogue does not have', () => {
    // @ts-expect-error deletePet is not in the catalogue
    const table = doorTable({ list: 'listPets', create: 'createPet', get: 'getPet', remove: 'deletePet' }, {});
    expect(table.operationOf('remove')).toBeUndefined();
  });
});
