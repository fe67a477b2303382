import { describe, expect, it } from 'vitest';
import { newPetFrom, PetShelf } from './pet-shelf.js';

describe('PetShelf', () => {
  it('lists the 20 bench pets in id order, then the pets added after them', () => {
    const shelf = new PetShelf();
    expect(shelf.list().map((pet) => pet.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(shelf.add({ name: 'Rex', categoryId: 1, status: 'sold' })).toEqual({ id: 21, name: 'Rex', categoryId: 1, status: 'sold' });
    expect(shelf.list(100).at(-1)?.name).toBe('Rex');
    expect(shelf.list(5, 'sold')).toEqual([{ id: 21, name: 'Rex', categoryId: 1, status: 'sold' }]);
    expect(shelf.list(3, 'available').map((pet) => pet.id)).toEqual([1, 2, 3]);
  });
});

describe('newPetFrom', () => {
  it('takes a pet with or without a status', () => {
    expect(newPetFrom({ name: 'Rex', categoryId: 3 })).toEqual({ name: 'Rex', categoryId: 3 });
    expect(newPetFrom({ name: 'Rex', categoryId: -3, status: 'pending' })).toEqual({ name: 'Rex', categoryId: -3, status: 'pending' });
  });

  it('names what is wrong with a body the contract refuses', () => {
    expect(newPetFrom(undefined)).toMatch(/JSON object/);
    expect(newPetFrom([])).toMatch(/JSON object/);
    expect(newPetFrom({ name: 'Rex', categoryId: 3, id: 9 })).toBe('id: unknown field');
    expect(newPetFrom({ name: '  ', categoryId: 3 })).toMatch(/^name:/);
    expect(newPetFrom({ name: 'x'.repeat(201), categoryId: 3 })).toMatch(/^name:/);
    expect(newPetFrom({ name: 'Rex', categoryId: '3' })).toMatch(/^categoryId:/);
    expect(newPetFrom({ name: 'Rex', categoryId: 1.5 })).toMatch(/^categoryId:/);
    expect(newPetFrom({ name: 'Rex', categoryId: 3, status: 'lost' })).toMatch(/^status:/);
  });
});
