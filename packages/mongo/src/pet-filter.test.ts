import type { PetStatus } from '@petstore/domain';
import { Long } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { buildPetFilter } from './pet-filter.js';

describe('buildPetFilter', () => {
  it('matches everything when neither status nor afterId is given', () => {
    expect(buildPetFilter({})).toEqual({});
  });

  it('compares status with $eq and the id with $gt on a Long', () => {
    expect(buildPetFilter({ status: 'sold', afterId: 42 })).toEqual({ status: { $eq: 'sold' }, _id: { $gt: Long.fromNumber(42) } });
  });

  it('refuses a status that is not a string, so no operator object reaches the server', () => {
    const injected = { $ne: 'sold' } as unknown as PetStatus;
    expect(() => buildPetFilter({ status: injected })).toThrow(TypeError);
  });

  it('refuses an afterId that is not a safe integer', () => {
    expect(() => buildPetFilter({ afterId: 1.5 })).toThrow(RangeError);
    expect(() => buildPetFilter({ afterId: 2 ** 53 })).toThrow(RangeError);
  });
});
