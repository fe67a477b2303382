import { describe, expect, it } from 'vitest';
import { byCodeUnits, oldestFirst } from './oldest-first.js';

describe('oldestFirst', () => {
  const at = (iso: string) => new Date(iso);

  it('lists by creation, then by id in the order MongoDB compares strings (upper case before lower)', () => {
    const records = [
      { id: 'key_6ofM', createdAt: at('2026-01-01T00:00:00Z') },
      { id: 'key_6Z0M', createdAt: at('2026-01-01T00:00:00Z') },
      { id: 'key_0000', createdAt: at('2026-01-01T00:00:01Z') },
      { id: 'key_6_', createdAt: at('2026-01-01T00:00:00Z') },
      { id: 'key_6-', createdAt: at('2026-01-01T00:00:00Z') },
    ];
    expect(records.toSorted(oldestFirst((record) => record.id)).map((record) => record.id)).toEqual([
      'key_6-',
      'key_6Z0M',
      'key_6_',
      'key_6ofM',
      'key_0000',
    ]);
  });

  it('orders strings by code unit, as Array.prototype.sort does', () => {
    const words = ['b', 'B', 'a', 'A', '_', '-', '0', 'é', 'e'];
    expect(words.toSorted(byCodeUnits)).toEqual(words.toSorted());
    expect(byCodeUnits('same', 'same')).toBe(0);
  });
});
