import { describe, expect, it } from 'vitest';
import { CATALOGUE, OPERATION_NAMES, type OperationOn } from './catalogue.js';
import { doorTable } from './door-table.js';

/** Every operation of the manage surface, under its own name. */
const MANAGE_NAMES = Object.fromEntries(OPERATION_NAMES.filter((name) => CATALOGUE[name].surface === 'manage').map((name) => [name, name])) as {
  [Name in OperationOn<'manage'>]: Name;
};

describe('doorTable', () => {
  it("looks an operation up by the door's own name, whether the entry is the name alone or an object naming it", () => {
    const table = doorTable('pets', { 'Query.pets': 'listPets', 'Query.pet': { operation: 'getPet' }, 'Mutation.addPet': 'createPet' }, {});
    expect(table.operationOf('Query.pets')).toBe(CATALOGUE.listPets);
    expect(table.operationOf('Query.pet')).toBe(CATALOGUE.getPet);
    expect(table.operationOf('Mutation.addPet')).toBe(CATALOGUE.createPet);
  });

  it('knows no name the door did not map, inherited properties included', () => {
    const table = doorTable('pets', { list: 'listPets', get: 'getPet', create: 'createPet' }, {});
    expect(table.operationOf('delete')).toBeUndefined();
    expect(table.operationOf('hasOwnProperty')).toBeUndefined();
    expect(table.operationOf('constructor')).toBeUndefined();
  });

  it('keeps the reason a door gives for leaving an operation out', () => {
    const table = doorTable('pets', { list: 'listPets', create: 'createPet' }, { getPet: 'deprecated before this door opened' });
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
    const table = doorTable('pets', { list: 'listPets', create: 'createPet' }, {});
    expect(table.operationOf('get')).toBeUndefined();
  });

  it('refuses an omission of an operation the table maps', () => {
    // @ts-expect-error getPet is mapped, so it cannot be omitted too
    const table = doorTable('pets', { list: 'listPets', create: 'createPet', get: 'getPet' }, { getPet: 'not served' });
    expect(table.operationOf('get')).toBe(CATALOGUE.getPet);
  });

  it('refuses a door name mapped onto an operation the catalogue does not have', () => {
    // @ts-expect-error deletePet is not in the catalogue
    const table = doorTable('pets', { list: 'listPets', create: 'createPet', get: 'getPet', remove: 'deletePet' }, {});
    expect(table.operationOf('remove')).toBeUndefined();
  });

  it("refuses in a pet door's table an operation of the management surface", () => {
    // @ts-expect-error signIn is on the manage surface, not the pets one
    const table = doorTable('pets', { list: 'listPets', create: 'createPet', get: 'getPet', login: 'signIn' }, {});
    expect(table.operationOf('login')).toBe(CATALOGUE.signIn);
  });

  it("refuses an omission, in a pet door's table, of an operation of another surface", () => {
    // @ts-expect-error signIn is not the pet doors' to leave out
    const table = doorTable('pets', { list: 'listPets', create: 'createPet', get: 'getPet' }, { signIn: 'not here' });
    expect(table.operationOf('signIn')).toBeUndefined();
  });

  it('refuses a management table that leaves one of its operations out without saying why', () => {
    const { signIn: _, ...allButSignIn } = MANAGE_NAMES;
    // @ts-expect-error signIn is neither mapped nor named as omitted
    const table = doorTable('manage', allButSignIn, {});
    expect(table.operationOf('signIn')).toBeUndefined();
  });

  it('refuses in the management table an operation of the pets surface', () => {
    // @ts-expect-error listPets is on the pets surface
    const table = doorTable('manage', { ...MANAGE_NAMES, pets: 'listPets' }, {});
    expect(table.operationOf('pets')).toBe(CATALOGUE.listPets);
  });

  it('takes a management table that maps every operation of its surface, and no pet operation', () => {
    const table = doorTable('manage', MANAGE_NAMES, {});
    expect(table.operationOf('signIn')).toBe(CATALOGUE.signIn);
    expect(table.surface).toBe('manage');
  });
});
