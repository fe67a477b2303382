import { describe, expect, it } from 'vitest';
import { parseCpuList } from './cpu-list.js';

describe('parseCpuList', () => {
  it('reads single CPUs and ranges in ascending order', () => {
    expect(parseCpuList('0-1')).toEqual([0, 1]);
    expect(parseCpuList('8,0-2,5\n')).toEqual([0, 1, 2, 5, 8]);
  });

  it('refuses text that is not a CPU list', () => {
    expect(() => parseCpuList('0-a')).toThrow(/CPU list/);
    expect(() => parseCpuList('3-1')).toThrow(/CPU list/);
  });
});
