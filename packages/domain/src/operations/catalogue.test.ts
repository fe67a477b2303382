import { describe, expect, it } from 'vitest';
import { isScope } from '../auth/scopes.js';
import { CATALOGUE, isOperationName, isRemoved, OPERATION_NAMES, sunsetDay } from './catalogue.js';

describe('the operation catalogue', () => {
  it('holds the three operations of the contract with the scope, cost and stability each has', () => {
    expect(OPERATION_NAMES).toEqual(['listPets', 'createPet', 'getPet']);
    expect(OPERATION_NAMES.map((name) => [name, CATALOGUE[name].scope, CATALOGUE[name].cost, CATALOGUE[name].stability])).toEqual([
      ['listPets', 'pets:read', 1, 'stable'],
      ['createPet', 'pets:write', 1, 'stable'],
      ['getPet', 'pets:read', 1, 'stable'],
    ]);
    for (const name of OPERATION_NAMES) expect(isScope(CATALOGUE[name].scope), name).toBe(true);
  });

  it('deprecates getPet alone, removed on 2030-12-05, with listPets as its successor', () => {
    expect(OPERATION_NAMES.filter((name) => CATALOGUE[name].deprecation !== undefined)).toEqual(['getPet']);
    const deprecation = CATALOGUE.getPet.deprecation;
    expect(deprecation && sunsetDay(deprecation)).toBe('2030-12-05');
    expect(deprecation?.since.toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('names as every successor an operation of the catalogue that is not itself on its way out', () => {
    for (const name of OPERATION_NAMES) {
      const successor = CATALOGUE[name].deprecation?.successor;
      if (successor === undefined) continue;
      expect(isOperationName(successor), name).toBe(true);
      if (isOperationName(successor)) expect(CATALOGUE[successor].deprecation, name).toBeUndefined();
    }
  });

  it('removes a deprecated operation from its sunset instant on, and never one that is not deprecated', () => {
    const sunset = new Date('2030-12-05T00:00:00Z');
    expect(isRemoved(CATALOGUE.getPet, new Date(sunset.getTime() - 1))).toBe(false);
    expect(isRemoved(CATALOGUE.getPet, sunset)).toBe(true);
    expect(isRemoved(CATALOGUE.listPets, new Date('2100-01-01T00:00:00Z'))).toBe(false);
  });

  it('knows its names, and no inherited property is one', () => {
    expect(isOperationName('getPet')).toBe(true);
    expect(isOperationName('pets.get')).toBe(false);
    expect(isOperationName('hasOwnProperty')).toBe(false);
  });
});
