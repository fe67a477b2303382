import { describe, expect, it } from 'vitest';
import { plural } from './plural.js';

describe('a count in words', () => {
  it('says "1 call" and "0 calls", "4 calls"', () => {
    expect([0, 1, 4].map((count) => plural(count, 'call'))).toEqual(['0 calls', '1 call', '4 calls']);
  });
});
